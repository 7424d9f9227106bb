import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("vehicles", "routes/vehicle-list.tsx"),
  route("vehicles/:id", "routes/vehicle-detail.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
