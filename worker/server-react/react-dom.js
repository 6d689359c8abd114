// `react-dom` in the Worker (decision 073): the Worker renders to a string and never mounts a DOM, so the client
// renderer (about 127 KiB minified) has no work here. Its only importers are code shared with the browser: React
// Router reads `flushSync` when it exists (navigation, never run on the server) and app/lib/swap-in-part.ts calls it
// in an event handler. Anything else from react-dom on the server is a mistake, and fails the bundle's build.
export function flushSync(update) {
  return update();
}
