import { Link } from "react-router";
import { formatCount } from "../../domain/format";
import { catalogueContext } from "../request-context";
import type { Route } from "./+types/home";

export function meta() {
  return [
    { title: "Used and new cars, vans and trucks" },
    { name: "description", content: "Search our cars, vans and trucks, see honest monthly prices and apply for finance." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { vehicles } = await context.get(catalogueContext).status();
  return { vehicles };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page">
      <h1>Cars, vans and trucks</h1>
      <p className="lede">{formatCount(loaderData.vehicles)} vehicles in stock now.</p>
      <p>
        <Link className="button" to="/vehicles">
          Browse all stock
        </Link>
      </p>
    </section>
  );
}
