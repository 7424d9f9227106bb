import { data, Link, useLocation } from "react-router";
import { formatCount } from "../../domain/format";
import { VEHICLE_NOUNS, type VehicleType } from "../../domain/vehicle-types";
import { BrandTiles, type Brand } from "../components/BrandTiles";
import { Faq } from "../components/Faq";
import { NewsletterBox } from "../components/forms/NewsletterBox";
import { MakeModelSearch } from "../components/MakeModelSearch";
import { PostcodeField } from "../components/search/PostcodeField";
import { cardOf, VehicleGrid, type VehicleCardData } from "../components/VehicleCard";
import { CATEGORY_PAGES, LEASING_BUDGETS, type CategoryPage } from "../content/categories";
import { catalogueContext, contentContext } from "../../backend/http/request-context";
import type { Route } from "./+types/category";
import { describeEdited } from "../seo/page-meta";
import { ContentHtml } from "../components/ContentHtml";
import { answersOutages, unlessEngineDown } from "../engine-outage.server";

/** The category landing pages (/cars/used, /vans/leasing, …), each filled from frontend/content/categories.ts. */
function pageAt(pathname: string): CategoryPage {
  const page = CATEGORY_PAGES[pathname.replace(/\/$/, "")];
  if (!page) throw data("We couldn't find that page", { status: 404 });
  return page;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? describeEdited(loaderData.words.seo) : [];
}

export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  const page = pageAt(url.pathname);
  const words = context.get(contentContext).categories[url.pathname.replace(/^\/|\/$/g, "")];
  if (!words) throw data("We couldn't find that page", { status: 404 });
  const catalogue = context.get(catalogueContext);
  // The make list only helps a visitor choose: without search the page goes without it. A
  // new or used page lists the makes it has in that condition.
  const narrowed = page.condition ? { condition: page.condition } : {};
  const { make: makes = [] } = await unlessEngineDown(catalogue.distinct(page.type, narrowed), {});
  if (!page.searchesItself) return { words, makes, models: [], matches: undefined };
  // A page that searches itself (car leasing) shows what the make and model give, cheapest first.
  const make = url.searchParams.get("make")?.trim() || undefined;
  const model = (make && url.searchParams.get("model")?.trim()) || undefined;
  const [result, { model: models = [] }] = await Promise.all([
    catalogue.search(page.type, { filters: { make, model }, sort: "price_asc", page: 1, pageSize: 6 }),
    make ? catalogue.distinct(page.type, { make }) : Promise.resolve({ model: [] }),
  ]);
  return { words, makes, models, matches: { make, model, total: result.total, vehicles: result.vehicles.map(cardOf) } };
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const page = pageAt(pathname);
  const { words, makes, models, matches } = loaderData;
  const noun = VEHICLE_NOUNS[page.type];
  // The new and used pages' searches and links keep to their condition.
  const narrowedBy: Record<string, string> = page.condition ? { condition: page.condition } : {};
  const searchOf = (filters: Record<string, string>) => `/${page.type}-search?${new URLSearchParams({ ...filters, ...narrowedBy })}`;
  const brand = (name: string): Brand => ({
    name,
    href: page.brands.linked ? searchOf({ make: name }) : undefined,
  });
  return (
    <div className="category">
      <section className="hero" aria-labelledby="category-heading">
        <div className="hero__inner">
          <h1 id="category-heading">{words.heading}</h1>
          <p className="lede">{words.intro}</p>
          <MakeModelSearch
            types={[page.type]}
            makes={makes}
            models={models}
            action={page.searchesItself ? pathname : "/search"}
            submitLabel={page.searchesItself ? "Show hire purchase prices" : `Search ${noun.many}`}
            chosen={matches}
            narrowedBy={narrowedBy}
          >
            {page.extraFields === "postcode" && <PostcodeField />}
            {page.extraFields === "leasing-budget" && <LeasingBudgetFields />}
          </MakeModelSearch>
        </div>
      </section>

      {matches && <LeasingMatches type={page.type} {...matches} />}

      {words.copy.map((section) => (
        <section key={section.heading} className="page">
          <h2>{section.heading}</h2>
          <ContentHtml html={section.html} />
        </section>
      ))}

      {page.bodyTypes && (
        <section className="page" aria-labelledby="body-types-heading">
          <h2 id="body-types-heading">Shop by body type</h2>
          <ul className="chip-links">
            {page.bodyTypes.map((body) => (
              <li key={body.bodyType}>
                <Link className="chip" to={searchOf({ bodyType: body.bodyType })}>
                  {body.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="page" aria-labelledby="brands-heading">
        <h2 id="brands-heading">Brands</h2>
        <BrandTiles label={`Brands of ${noun.many}`} always={words.brands.always.map(brand)} more={words.brands.more.map(brand)} />
      </section>

      <section className="page" aria-labelledby="links-heading">
        <h2 id="links-heading">More about {noun.many}</h2>
        <ul className="chip-links">
          {page.links.map((link) => (
            <li key={link.href}>
              <Link className="chip" to={link.href}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="page" aria-labelledby="questions-heading">
        <h2 id="questions-heading">Questions</h2>
        <Faq
          name={`faq-${page.type}`}
          items={words.faq.map(({ question, answerHtml }) => ({ question, answer: <ContentHtml html={answerHtml} /> }))}
        />
      </section>

      <section className="page">
        <NewsletterBox heading={`${noun.title}: new stock and offers by email`} />
      </section>
    </div>
  );
}

/** The van leasing form's own fields: who is buying, and a monthly budget. */
function LeasingBudgetFields() {
  return (
    <>
      <fieldset className="make-model-search__field make-model-search__choice">
        <legend>Buying as</legend>
        <label>
          <input type="radio" name="customer" value="personal" defaultChecked /> Personal
        </label>
        <label>
          <input type="radio" name="customer" value="business" /> Business
        </label>
      </fieldset>
      <div className="make-model-search__field">
        <label htmlFor="search-budget">Monthly budget</label>
        <select id="search-budget" name="budget" defaultValue={LEASING_BUDGETS[0]!.value}>
          {LEASING_BUDGETS.map((budget) => (
            <option key={budget.value} value={budget.value}>
              {budget.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/**
 * What the stock matching a leasing page's search costs a month. We quote no lease rentals
 * (they depend on the term and mileage agreed), so the prices shown are hire purchase
 * payments, and the page says so.
 */
function LeasingMatches({
  type,
  make,
  model,
  total,
  vehicles,
}: {
  type: VehicleType;
  make?: string;
  model?: string;
  total: number;
  vehicles: readonly VehicleCardData[];
}) {
  const noun = VEHICLE_NOUNS[type];
  const chosen = [make, model].filter(Boolean).join(" ") || `all our ${noun.many}`;
  return (
    <section className="page" aria-labelledby="matches-heading">
      <h2 id="matches-heading">Hire purchase prices for {chosen}</h2>
      {vehicles.length === 0 ? (
        <p>We have no {noun.many} matching that just now.</p>
      ) : (
        <>
          <p>
            These are not lease rentals. They are hire purchase payments on our representative terms for the{" "}
            {formatCount(Math.min(vehicles.length, total))} lowest priced of the {formatCount(total)} {noun.many} we have in stock, so you
            can compare leasing with buying. For a lease rental, <Link to="/contact">ask us for a quote</Link> with the term and yearly
            mileage you want.
          </p>
          <VehicleGrid vehicles={vehicles} />
          <p>
            <Link to={`/${type}-search?${new URLSearchParams({ ...(make && { make }), ...(model && { model }), sort: "price_asc" })}`}>
              See all {formatCount(total)}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
