import { data, Link } from "react-router";
import { contentContext } from "../../../backend/http/request-context";
import { ContentHtml } from "../../components/ContentHtml";
import { Picture } from "../../components/vehicle/Picture";
import { longDate } from "../../../domain/format";
import { photoUrl } from "../../../domain/vehicle-photos";
import type { Route } from "./+types/article";
import { describeEdited } from "../../seo/page-meta";

/** A news item or guide written in the staff area, at /articles/{slug}. */
export function loader({ params, context }: Route.LoaderArgs) {
  const article = context.get(contentContext).articles.find(({ slug }) => slug === params.slug);
  if (!article) throw data("We couldn't find that article", { status: 404 });
  return { article };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? describeEdited(loaderData.article.seo) : [];
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article className="page content-page">
      <p className="content-small">
        <Link to="/articles">News and guides</Link>
      </p>
      <h1>{article.title}</h1>
      <p className="content-small">
        <time dateTime={article.date}>{longDate(article.date)}</time>, by {article.author}
      </p>
      <p className="lede">{article.summary}</p>
      <div className="article-photo">
        <Picture
          image={{ href: photoUrl(article.photo.id, 1024, "jpg"), photo: article.photo }}
          sizes="(min-width: 50rem) 46rem, 100vw"
          alt={article.photo.alt}
          width={article.photo.width}
          height={article.photo.height}
        />
      </div>
      <ContentHtml html={article.html} />
    </article>
  );
}
