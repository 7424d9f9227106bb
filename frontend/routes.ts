import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("vehicles", "routes/vehicle-list.tsx"),
  ...(["car", "van", "truck"] as const).map((type) => route(`${type}-search`, "routes/search.tsx", { id: `search-${type}` })),
  route("vehicles/:id", "routes/vehicle-detail.tsx"),
  route("vehicles/:id/finance", "routes/vehicle-finance.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
