// Comlink ships its Node adapter's types as node-adapter.d.ts, which TypeScript does not pair with the .mjs file
// that Node must import by its full name.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
