import { addToQueue } from './add-to-queue';
import { audit } from './audit';
import { bestTimes } from './best-times';
import { createPosts } from './create-posts';
import { deletePost } from './delete-post';
import { getPost } from './get-post';
import { getQueue } from './get-queue';
import { listMedia } from './list-media';
import { listPosts } from './list-posts';
import { postFigures } from './post-figures';
import { postSuccess } from './post-success';
import { reports } from './reports';
import { topPosts } from './top-posts';
import { updatePost } from './update-post';

/** The API-key routes under /api/public/v1, with the tag each has in the OpenAPI document. */
export const v1Routes = [
  { route: listPosts, tag: 'Posts' },
  { route: getPost, tag: 'Posts' },
  { route: createPosts, tag: 'Posts' },
  { route: updatePost, tag: 'Posts' },
  { route: deletePost, tag: 'Posts' },
  { route: listMedia, tag: 'Media' },
  { route: reports, tag: 'Reports' },
  { route: postSuccess, tag: 'Reports' },
  { route: postFigures, tag: 'Reports' },
  { route: topPosts, tag: 'Reports' },
  { route: bestTimes, tag: 'Reports' },
  { route: getQueue, tag: 'Queue' },
  { route: addToQueue, tag: 'Queue' },
  { route: audit, tag: 'Audit' },
];
