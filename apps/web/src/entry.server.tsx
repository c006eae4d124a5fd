/**
 * Renders a page on the server (React Router framework mode): the whole document at once (no
 * streamed parts: the server caches complete documents and no-JS visitors get all of it), and its
 * Content-Security-Policy allowing exactly the inline scripts it holds, by their hashes.
 */
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { documentPolicyKey } from '@erepare/shared/web-context';
import { inlineScriptHashes } from './server/csp-hashes';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatus: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  let status = responseStatus;
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // No outlined boundaries: React would move parts after the rest with more inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => {
          clearTimeout(timer);
          const html = Buffer.concat(chunks).toString('utf8');
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const policy = loadContext.get(documentPolicyKey);
          if (policy) responseHeaders.set('Content-Security-Policy', policy.cspHeader(inlineScriptHashes(html)));
          resolve(new Response(request.method === 'HEAD' ? null : html, { status, headers: responseHeaders }));
        });
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        console.error(error);
      },
    });
    const timer = setTimeout(abort, streamTimeout + 1_000);
  });
}
