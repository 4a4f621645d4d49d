import { auditRoute } from './audit';
import { createPostsRoute } from './create-posts';
import { deletePostRoute } from './delete-post';
import { getPostRoute } from './get-post';
import { listMediaRoute } from './list-media';
import { listPostsRoute } from './list-posts';
import { postSuccessRoute } from './post-success';
import { reportsRoute } from './reports';
import { updatePostRoute } from './update-post';

/** The API-key routes under /api/public/v1, with the tag each has in the OpenAPI document. */
export const v1Routes = [
  { route: listPostsRoute, tag: 'Posts' },
  { route: getPostRoute, tag: 'Posts' },
  { route: createPostsRoute, tag: 'Posts' },
  { route: updatePostRoute, tag: 'Posts' },
  { route: deletePostRoute, tag: 'Posts' },
  { route: listMediaRoute, tag: 'Media' },
  { route: reportsRoute, tag: 'Reports' },
  { route: postSuccessRoute, tag: 'Reports' },
  { route: auditRoute, tag: 'Audit' },
];
