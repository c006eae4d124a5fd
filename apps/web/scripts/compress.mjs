// Precompresses the build (brotli and gzip) so the server sends files without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'build/client');
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;
let files = 0;
let before = 0;
let afterBr = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name)) {
      const content = fs.readFileSync(full);
      if (content.length < 512) continue;
      const br = zlib.brotliCompressSync(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      });
      const gz = zlib.gzipSync(content, { level: 9 });
      fs.writeFileSync(`${full}.br`, br);
      fs.writeFileSync(`${full}.gz`, gz);
      files += 1;
      before += content.length;
      afterBr += br.length;
    }
  }
}

walk(root);
console.log(`compress: ${files} fichiers, ${(before / 1024).toFixed(0)} Ko → ${(afterBr / 1024).toFixed(0)} Ko (brotli)`);
