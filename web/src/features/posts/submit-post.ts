import { BLOG_PLATFORMS, checkPost, PLATFORM_LABELS } from '@shared/platform-rules';
import type { CreatePostInput, Post, UpdatePostInput } from '@shared/schemas/calendar';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { errorMessage } from '@/lib/api-client';
import { applyServerErrors, type FieldErrors } from '@/lib/forms';
import { notify } from '@/lib/toast';
import type { EditorSubmit, EditorValues } from './components/editor-form';
import { showRuleProblems } from './rule-problems';

/** What the editor hands in: the post it edits (none when creating), its calls and its setters. */
export interface SubmitContext {
  kind: 'social' | 'blog';
  post: Post | undefined;
  create: (body: CreatePostInput) => Promise<Post[]>;
  update: (id: number, body: UpdatePostInput) => Promise<unknown>;
  /** Opens the post a create made, in place of the create page. */
  open: (path: string) => Promise<void> | void;
  /** Nothing publishes to a custom blog: the user copies the post into it. */
  showManualCopy: (text: string) => void;
  setErrors: (errors: FieldErrors<EditorValues>) => void;
}

/** The server's fields the editor shows under its inputs; a 422 on any other path is a notice. */
const SHOWN_FIELDS = ['platforms', 'subject', 'content', 'files', 'scheduledAt'] as const;

const editPath = (post: Pick<Post, 'id' | 'platform'>) =>
  `${(BLOG_PLATFORMS as readonly string[]).includes(post.platform) ? '/blog' : '/post'}/${post.id}`;

/**
 * The editor's Save, Schedule and Publish Now once its own checks passed (editor-form.ts): the
 * platforms' rules, then the call and what it answered. Fetched with the first action, not with the
 * editor: its first-load budget (docs/performance.md).
 */
export async function submitPost(values: EditorSubmit, context: SubmitContext): Promise<void> {
  const { action, platforms, subject, content, files, wordpress, scheduledAt } = values;
  const { kind, post } = context;
  if (action === 'publish' && kind === 'blog' && platforms.every((p) => p === 'custom-blog')) {
    context.showManualCopy(`${subject.trim()}\n\n${content}`);
    return;
  }
  // A draft may break the rules; what is scheduled or published may not, and every broken rule
  // of every platform shows at once (the server would answer with the first platform's first).
  if (
    action !== 'save' &&
    showRuleProblems(
      platforms,
      { content, files, subject },
      { check: checkPost, labels: PLATFORM_LABELS },
      context.setErrors,
    )
  )
    return;
  const fields = {
    subject: kind === 'blog' ? subject : undefined,
    content,
    files,
    scheduledAt,
    action,
    wordpress: platforms.includes('wordpress') ? wordpress : undefined,
  };
  try {
    if (post) {
      await context.update(post.id, { ...fields, version: post.version });
      notify.success(
        action === 'schedule' ? 'Post scheduled.' : action === 'publish' ? 'Post sent for publishing.' : 'Post saved.',
      );
    } else {
      const created = await context.create({ ...fields, platforms });
      notify.success(created.length > 1 ? `${created.length} posts created.` : 'Post created.');
      const [first] = created;
      if (first) await context.open(editPath(first));
    }
  } catch (error) {
    if (promptIfUpgradeRequired(error)) return;
    if (!applyServerErrors(error, context.setErrors, SHOWN_FIELDS)) notify.error(errorMessage(error));
  }
}
