/** `/logos/{slug}.svg`: the logo address every operator row carries (see operatorLogo.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { operatorLogoSvg } from '../../domain/network/operatorLogo.ts';
import { networkCatalog } from '../../server/network/catalog.ts';

export const getStaticPaths = (async () => {
  const { index } = await networkCatalog();
  return [...index.operators.values()].map((o) => ({ params: { slug: o.slug }, props: { name: o.name, slug: o.slug } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(operatorLogoSvg(props as { name: string; slug: string }), { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
