import { Link } from "react-router";
import { contentContext } from "../../../backend/http/request-context";
import { ContentHtml } from "../../components/ContentHtml";
import { LeasingStatement } from "../../components/FinanceDisclosure";
import { PageFaq } from "../../components/PageFaq";
import { longDate } from "../../../domain/format";
import type { Route } from "./+types/edited-page";
import { describeEditedPage } from "../../seo/page-meta";
import { pageWords } from "./page-words.server";

/** A content page whose words the dealer edits (about, the policies, leasing, …): its heading, opening words and Markdown body. */
export function loader({ url, context }: Route.LoaderArgs) {
  const name = url.pathname.replace(/^\/|\/$/g, "");
  const page = pageWords(context, name);
  // The buying guides' page also lists the articles staff have published.
  const articles =
    name === "articles"
      ? context.get(contentContext).articles.map(({ slug, title, date, summary }) => ({ slug, title, date, summary }))
      : [];
  return { page, name, articles };
}

export const meta = describeEditedPage;

export default function EditedPage({ loaderData }: Route.ComponentProps) {
  const { page, name, articles } = loaderData;
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
      <PageFaq faq={page.faq} name={`${name}-faq`} />
      {/* Written by the site, so no edit can take it away. */}
      {name === "leasing" && <LeasingStatement />}
    </article>
  );
}
