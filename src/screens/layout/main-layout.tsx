import { Outlet } from 'react-router-dom';

/** Placeholder until issue 2 builds the layout (sidebar, header, loader). */
export function MainLayout() {
  return <Outlet />;
}
