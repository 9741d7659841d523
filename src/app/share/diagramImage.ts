/**
 * The current step's diagram as a standalone SVG (an <svg> with a <foreignObject> holding a copy of the diagram
 * and the page's CSS) and as a PNG drawn from it. No dependency and no network: fonts fall back to the system's.
 */
function pageCss(): string {
  const parts: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) {
        const text = rule.cssText;
        if (text.includes('.monaco') || text.startsWith('@font-face')) continue;
        parts.push(text);
      }
    } catch {
      // a cross-origin sheet: not ours, skipped
    }
  }
  return parts.join('\n');
}

export function diagramSvg(el: HTMLElement): { svg: string; width: number; height: number } {
  const { width, height } = el.getBoundingClientRect();
  const clone = el.cloneNode(true) as HTMLElement;
  clone.querySelectorAll('.react-flow__controls, .react-flow__attribution').forEach((n) => n.remove());
  clone.style.width = `${width}px`;
  clone.style.height = `${height}px`;
  const root = document.documentElement;
  const bg = getComputedStyle(root).getPropertyValue('--bg').trim() || '#ffffff';
  const body = new XMLSerializer().serializeToString(clone);
  const css = pageCss().replace(/<\/style/gi, '<\\/style');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width)}" height="${Math.ceil(height)}"` +
    ` data-theme="${root.dataset.theme ?? 'light'}">` +
    `<foreignObject x="0" y="0" width="100%" height="100%">` +
    `<div xmlns="http://www.w3.org/1999/xhtml" style="width:${width}px;height:${height}px;background:${bg}">` +
    `<style>${css.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</style>${body}</div></foreignObject></svg>`;
  return { svg, width, height };
}

export async function diagramPng(el: HTMLElement, scale = 2): Promise<Blob> {
  const { svg, width, height } = diagramSvg(el);
  const img = new Image();
  img.decoding = 'async';
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}
