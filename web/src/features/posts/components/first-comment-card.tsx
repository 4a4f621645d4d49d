import { FIRST_COMMENT_MAX } from '@shared/first-comment-rules';
import type { Post } from '@shared/schemas/calendar';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useMay } from '@/api/companies/permissions';
import { useFirstComment, useSaveFirstComment } from '@/api/posts/first-comment';

/**
 * The post's first comment (Facebook, Instagram, LinkedIn): written here before the post goes
 * out, posted by the publish workflow right after it, with its own outcome once the post is
 * published (a failed comment leaves the post published, and says so). A role that may not change
 * content reads it as it reads a published post's.
 */
export function FirstCommentCard({ post }: { post: Post }) {
  const mayEdit = useMay('content');
  const locked = post.status === 'published' || post.status === 'in-progress' || !mayEdit;
  const comment = useFirstComment(post.id, post.status === 'published');
  const save = useSaveFirstComment(post.id);
  const [text, setText] = useState<string | null>(null);
  const data = comment.data;
  if (!data?.supported) return null;
  const max = FIRST_COMMENT_MAX[post.platform] ?? 0;
  const value = text ?? data.text ?? '';
  if (locked) {
    if (!data.text) return null;
    return (
      <Card title="First comment" className="first-comment">
        <p className="first-comment__text">{data.text}</p>
        {data.status === 'posted' ? (
          <Alert type="success">Posted under the post.</Alert>
        ) : data.status === 'failed' ? (
          <Alert type="error">{data.error}</Alert>
        ) : (
          <Alert type="info">Posted right after the post is published.</Alert>
        )}
      </Card>
    );
  }
  return (
    <Card
      title="First comment"
      description="Optional: posted under the post right after it is published, for links and hashtags."
      className="first-comment"
    >
      <TextAreaField
        label="First comment"
        rows={3}
        value={value}
        maxLength={max}
        hint={`${value.length} / ${max}`}
        error={save.error ? errorMessage(save.error) : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="first-comment__actions">
        <Button
          variant="secondary"
          pending={save.isPending}
          disabled={value === (data.text ?? '')}
          onClick={() => save.mutate({ text: value, version: post.version }, { onSuccess: () => setText(null) })}
        >
          {value ? 'Save first comment' : 'Remove first comment'}
        </Button>
      </div>
    </Card>
  );
}
