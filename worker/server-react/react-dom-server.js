// `react-dom/server` in the Worker (decision 073): pages are rendered whole by renderToString (decision 035) and the
// plugins' markup by renderToStaticMarkup, both from the legacy renderer. The package's own entry also loads the
// streaming renderer (renderToReadableStream), which nothing here calls. Chosen as react-dom/server.browser.js
// chooses, by NODE_ENV, which the bundler replaces so only one file is bundled.
module.exports =
  process.env.NODE_ENV === "production"
    ? require("../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js")
    : require("../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js");
