// Applies the stored colour theme before the first paint, so the page never flashes the other one. A
// blocking external script (the CSP's script-src 'self' allows it; an inline one it would refuse). The key, values
// and attribute are those of src/shared/theme.ts; tests/unit/theme-init.test.ts holds the two together.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem('nodr-theme');
  } catch {
    // Storage unavailable (private mode): follow the system.
  }
  const dark =
    choice === 'dark' ||
    (choice !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
