import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** react-markdown with GitHub tables and lists; raw HTML in the text is not rendered (the default). */
export default function MarkdownRenderer({ children }: { children: string }) {
  return <ReactMarkdown remarkPlugins={[remarkGfm]}>{children}</ReactMarkdown>;
}
