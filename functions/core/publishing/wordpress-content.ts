import type { Element, ElementContent, Root, RootContent } from 'hast';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * A blog post as WordPress takes it. Post `title` and `content` are HTML to WordPress, so what
 * the editor shows must be turned into HTML here, the way the app's preview shows it:
 *
 * - the content is markdown (the AI writes `##` headings, lists and `[links](…)`), rendered by
 *   the same remark pipeline as the preview's react-markdown with remark-gfm; raw HTML in the
 *   copy is shown as text, as react-markdown shows it, then sanitized (GitHub's schema: no
 *   scripts, no `javascript:` links);
 * - the title is text: `<`, `>` and `&` are escaped, so `<b>rye</b>` reads as written.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/** The title as WordPress's `title` (HTML): the text, escaped. */
export const wordpressTitle = (subject: string) => escapeHtml(subject.trim());

/** Raw HTML as text (what react-markdown does without rehype-raw), in the tree remark-rehype makes. */
function rawAsText() {
  const visit = (node: Root | Element) => {
    node.children = node.children.map((child: RootContent | ElementContent) => {
      if (child.type === 'raw') return { type: 'text', value: child.value };
      if (child.type === 'element') visit(child);
      return child;
    });
  };
  return (tree: Root) => visit(tree);
}

/**
 * A soft line break is a space in the preview, but wpautop turns every newline inside a
 * paragraph into `<br>`: text keeps its words apart with spaces, except in code blocks.
 */
function softBreaksAsSpaces() {
  const visit = (node: Root | Element, inPre: boolean) => {
    for (const child of node.children) {
      // Whitespace between blocks stays: it is where wpautop looks for paragraphs.
      if (child.type === 'text' && !inPre && /\S/.test(child.value)) {
        child.value = child.value.replace(/[ \t]*\r?\n[ \t]*/g, ' ');
      } else if (child.type === 'element') visit(child, inPre || child.tagName === 'pre');
    }
  };
  return (tree: Root) => visit(tree, false);
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rawAsText)
  .use(rehypeSanitize)
  .use(softBreaksAsSpaces)
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } });

/** The post's markdown as WordPress `content` HTML. */
export const wordpressHtml = (markdown: string): string => String(processor.processSync(markdown)).trim();
