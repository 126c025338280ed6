// The Remix options shared by the build (vite.config.ts passes them to Remix's Vite plugin) and
// read by tests (tests/unit/dockerfile.test.ts): where the build goes and which future flags are on.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // build/server/index.js (the server's build, imported by server/index.ts) and build/client/
  // (the browser's files, served under /build/ by server/index.ts).
  buildDirectory: "build",
  serverBuildFile: "index.js",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
