/** The view model of /{lang}/op/articles: the content store's articles and their published overrides; POST changes one (`admin.article`). */
import { articleInput, changeArticle, listArticleOverrides } from '../../admin/articles.ts';
import { pageOverridesChanged } from '../../admin/pageOverrides.ts';
import { allArticles, articlePath, contentStore } from '../../content/store.ts';
import { getDbHandle } from '../../db/index.ts';
import { formObject, opGate } from '../page.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

export async function articlesPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.articles');
  let status = 200;
  let badFields: string[] = [];
  let entered: Record<string, unknown> = {};
  const { db } = await getDbHandle();
  const store = await contentStore();
  const articles = allArticles(store, 'en');
  const locate = (slug: string) => {
    const article = articles.find((a) => a.slug === slug);
    return Promise.resolve(article ? articlePath(article) : undefined);
  };
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const actionGate = opGate(session, 'admin.article');
    if (actionGate.kind !== 'allowed') gate = actionGate;
    else {
      const form = await formObject(astro.request);
      const input = articleInput.safeParse(form);
      if (input.success && (await locate(input.data.slug)) !== undefined) {
        const change = await changeArticle(db, actionGate.staff, input.data, locate, requestId ?? null);
        if (change.result !== 'unchanged') await pageOverridesChanged();
        return redirectTo(`${opPath(astro, 'articles')}?done=${input.data.action}`);
      }
      // A slug the content store does not know is a 404; anything else that fails the rules, 400.
      status = input.success ? 404 : 400;
      entered = form;
      badFields = input.success ? ['slug'] : [...new Set(input.error.issues.map((i) => String(i.path[0] ?? '')))];
    }
  }
  const published = gate.kind === 'allowed' ? await listArticleOverrides(db) : [];
  return pageView(gate, { articles, badFields, entered, published, done: astro.url.searchParams.get('done') }, status);
}
