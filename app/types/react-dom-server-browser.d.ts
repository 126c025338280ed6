// React publishes the web-streams server renderer as "react-dom/server.browser" (it runs on Node's
// web streams); @types/react-dom declares it only under "react-dom/server".
declare module "react-dom/server.browser" {
  export { renderToReadableStream, renderToString, type RenderToReadableStreamOptions, type ReactDOMServerReadableStream } from "react-dom/server";
}
