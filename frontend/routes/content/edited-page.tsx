import { data, Link } from "react-router";
import { contentContext } from "../../../backend/http/request-context";
import { ContentHtml } from "../../components/ContentHtml";
import { longDate } from "../../../domain/format";
import type { Route } from "./+types/edited-page";
import { describeEdited } from "../../seo/page-meta";

/** A content page whose words the dealer edits (about, the policies, leasing, …): its heading, opening words and Markdown body. */
export function loader({ url, context }: Route.LoaderArgs) {
  const name = url.pathname.replace(/^\/|\/$/g, "");
  const content = context.get(contentContext);
  const page = content.pages[name];
  if (!page) throw data("We couldn't find that page", { status: 404 });
  // The buying guides' page also lists the articles staff have published.
  const articles = name === "articles" ? content.articles.map(({ slug, title, date, summary }) => ({ slug, title, date, summary })) : [];
  return { page, articles };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? describeEdited(loaderData.page.seo) : [];
}

export default function EditedPage({ loaderData }: Route.ComponentProps) {
  const { page, articles } = loaderData;
  return (
    <article className="page content-page">
      <h1>{page.heading}</h1>
      {page.lede && <p className="lede">{page.lede}</p>}
      {page.lastUpdated && (
        <p className="content-small">
          Last updated <time dateTime={page.lastUpdated}>{longDate(page.lastUpdated)}</time>
        </p>
      )}
      {articles.length > 0 && (
        <section aria-labelledby="latest-heading">
          <h2 id="latest-heading">News and guides</h2>
          <ul className="article-list">
            {articles.map((article) => (
              <li key={article.slug}>
                <h3>
                  <Link to={`/articles/${article.slug}`}>{article.title}</Link>
                </h3>
                <p className="content-small">
                  <time dateTime={article.date}>{longDate(article.date)}</time>
                </p>
                <p>{article.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ContentHtml html={page.html} />
    </article>
  );
}
