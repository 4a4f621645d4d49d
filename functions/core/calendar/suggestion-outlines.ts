import { BLOG_TITLE_MAX, BLOG_TITLE_MIN } from '@shared/platform-rules';
import type { Idea } from './audit-suggestions';

/**
 * The draft an audit idea starts as: a working title and an outline that names the page or the
 * keyword and what to cover, for the marketer to write into. Written from the idea alone, so the
 * same idea always starts the same draft (a request finishing another's claim writes it again
 * word for word) and nothing waits on a model.
 */
export interface DraftCopy {
  subject: string | null;
  content: string;
}

const titleCase = (text: string) =>
  text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, c: string) => space + c.toUpperCase());

/** A blog title within the platform's bounds: the topic, then as much of the angle as it needs. */
function blogTitle(topic: string, angle: string, company: string): string {
  const full = `${topic}: ${angle}, from ${company}`;
  const padded = full.length >= BLOG_TITLE_MIN ? full : `${full} (a practical guide)`;
  return padded.length > BLOG_TITLE_MAX ? `${padded.slice(0, BLOG_TITLE_MAX - 1)}…` : padded;
}

export function draftCopy(idea: Idea, company: string): DraftCopy {
  if (idea.kind === 'keyword-gap') {
    const keyword = idea.keyword ?? '';
    return {
      subject: blogTitle(titleCase(keyword), 'What to Know, What to Ask and How We Can Help', company),
      content: [
        `Outline: an article built around the search phrase “${keyword}”${idea.volume ? ` (about ${idea.volume.toLocaleString('en-GB')} searches a month)` : ''}. No page of your website targets it yet.`,
        `Use “${keyword}” in the title, in the first paragraph and in one subheading, the way people would say it.`,
        `## What people searching “${keyword}” want to know`,
        'The question behind the search, answered in the first two paragraphs.',
        `## How ${company} helps`,
        'What you offer for it, with one concrete example, price or detail.',
        '## Frequently asked questions',
        'Three questions customers ask about it, each with a short answer.',
        '## Next step',
        'Link to the page where a reader can book, order or get in touch.',
      ].join('\n\n'),
    };
  }
  const page = idea.page ?? { path: idea.url ?? '', topic: idea.url ?? '' };
  if (idea.kind === 'thin-page') {
    return {
      subject: blogTitle(page.topic, 'Everything Our Customers Ask, Answered in Full', company),
      content: [
        `Outline: an article that expands on ${page.path} (“${page.topic}”), which has ${page.words === undefined ? 'few' : page.words.toLocaleString('en-GB')} words today.`,
        '## Who this is for',
        'Who the page serves and the question they arrive with.',
        `## ${page.topic}: the details`,
        'What a visitor needs to know that the page does not say yet: what is included, how it works, prices, times, places.',
        '## Frequently asked questions',
        `Three questions customers ask about ${page.topic.toLowerCase()}, each with a short answer.`,
        '## Next step',
        `Link to ${idea.url ?? page.path} and say what to do there.`,
        `When the article is written, add its best paragraphs to ${page.path} too: a page under 250 words counts as thin.`,
      ].join('\n\n'),
    };
  }
  return {
    subject: null,
    content: [
      `${page.topic}: [say in one or two sentences what this page offers and who it is for]`,
      idea.url ?? page.path,
      'Outline:\n- What a visitor finds on the page\n- One detail that makes it worth the click\n- What to do next: visit, book or order',
      `The same summary in 120 to 158 characters makes the meta description ${page.path} is missing.`,
    ].join('\n\n'),
  };
}
