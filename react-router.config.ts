import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "frontend",
  buildDirectory: "build",
  // Every page is rendered on the server first: search engines and slow phones get content
  // in the first response, and the search form works without JavaScript.
  ssr: true,
  future: {
    // Loaders get the catalogue through typed request context (backend/http/request-context.ts).
    v8_middleware: true,
    // The rest of React Router 8's behaviour, adopted now so that upgrade is a version bump.
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
