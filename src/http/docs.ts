import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.js';
import { openApiDocument } from './openapi.js';

/**
 * A readable API reference rendered on the server from the generated OpenAPI document: plain HTML and
 * inline CSS, no scripts and no CDN, so it works offline and always matches the routes.
 */
type Json = Record<string, unknown>;
type Doc = {
  info: Json;
  paths?: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
};

const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Backticks in descriptions become <code>; everything else is escaped text. */
const prose = (s: unknown): string => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function resolve(doc: Doc, schema: Json | undefined): Json {
  const ref = schema?.$ref;
  if (typeof ref === 'string') return resolve(doc, doc.components?.schemas?.[ref.split('/').pop() ?? '']);
  return schema ?? {};
}

function typeOf(doc: Doc, raw: Json): string {
  const s = resolve(doc, raw);
  const name = typeof raw.$ref === 'string' ? raw.$ref.split('/').pop() : undefined;
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map((x) => typeOf(doc, x)).join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : String(s.type ?? (s.enum ? 'enum' : 'object'));
  if (t === 'array' && s.items) return `array of ${typeOf(doc, s.items as Json)}`;
  if (s.const !== undefined) return `"${String(s.const)}"`;
  return name && t === 'object' ? name : t;
}

function fields(doc: Doc, raw: Json | undefined, depth = 0): string {
  const s = resolve(doc, raw);
  const item = s.type === 'array' ? resolve(doc, s.items as Json) : s;
  const props = item.properties as Record<string, Json> | undefined;
  if (!props || depth > 3) return '';
  const required = new Set((item.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(([name, p]) => {
    const r = resolve(doc, p);
    const example =
      r.example !== undefined ? ` <span class="ex">e.g. ${esc(JSON.stringify(r.example))}</span>` : '';
    return `<li><code>${esc(name)}</code> <span class="t">${esc(typeOf(doc, p))}</span>${
      required.has(name) ? ' <b>required</b>' : ''
    } ${prose(r.description)}${example}${fields(doc, p, depth + 1)}</li>`;
  });
  return `<ul>${rows.join('')}</ul>`;
}

function params(op: Json): string {
  const list = (op.parameters as Json[] | undefined) ?? [];
  if (!list.length) return '';
  const rows = list.map((p) => {
    const s = (p.schema as Json | undefined) ?? {};
    return `<li><code>${esc(p.name)}</code> <span class="t">${esc(p.in)}, ${esc(s.type ?? 'string')}</span>${
      p.required ? ' <b>required</b>' : ''
    } ${prose(p.description ?? s.description)}${s.default !== undefined ? ` (default ${esc(s.default)})` : ''}</li>`;
  });
  return `<h4>Parameters</h4><ul>${rows.join('')}</ul>`;
}

function operation(doc: Doc, path: string, method: string, op: Json): string {
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const bodySchema = body?.['application/json']?.schema as Json | undefined;
  const responses = Object.entries((op.responses as Record<string, Json>) ?? {}).map(([status, r]) => {
    const schema = ((r.content as Record<string, Json> | undefined)?.['application/json']?.schema ??
      undefined) as Json | undefined;
    const showFields = status.startsWith('2') && schema ? fields(doc, schema) : '';
    return `<li><b>${esc(status)}</b> ${prose(r.description)}${showFields}</li>`;
  });
  return `<section id="${esc(id)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(
    path,
  )}</code></h3><p>${prose(op.summary)}${op.security ? ' <span class="auth">Bearer key</span>' : ''}</p>${params(op)}${
    bodySchema ? `<h4>JSON body</h4>${fields(doc, bodySchema)}` : ''
  }<h4>Responses</h4><ul>${responses.join('')}</ul></section>`;
}

export function renderDocs(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = (op.tags as string[] | undefined)?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(doc, path, method, op)]);
      toc.push(
        `<li><a href="#${esc(`${method}-${path}`.replace(/[^a-z0-9]+/gi, '-'))}">${esc(method.toUpperCase())} ${esc(path)}</a></li>`,
      );
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${esc(tag)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}
code{background:#f3f3f3;padding:0 .25em;border-radius:3px}section{border-top:1px solid #ddd;padding:.5em 0}
.m{display:inline-block;min-width:4.5em;text-align:center;color:#fff;border-radius:3px;font-size:.8em;padding:.1em .3em}
.get{background:#2b7bb9}.post{background:#2f9e44}.patch{background:#d9480f}.delete{background:#c92a2a}.put{background:#5f3dc4}
.t{color:#666;font-size:.9em}.ex{color:#888;font-size:.85em}.auth{font-size:.8em;background:#fff3bf;padding:0 .4em;border-radius:3px}
h4{margin:.6em 0 .2em}ul{margin:.2em 0}</style></head><body>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1><p>${prose(doc.info.description).replace(/\n\n/g, '</p><p>')}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p><ul>${toc.join('')}</ul>${sections}</body></html>`;
}

/** GET /docs: rendered once from the same document /openapi.json serves (the page names no server). */
export function mountDocs(app: OpenAPIHono<AppEnv>, publicBaseUrl?: string): void {
  let html: string | undefined;
  app.get('/docs', (c) => {
    html ??= renderDocs(openApiDocument(app, publicBaseUrl ?? new URL(c.req.url).origin) as unknown as Doc);
    return c.html(html);
  });
}
