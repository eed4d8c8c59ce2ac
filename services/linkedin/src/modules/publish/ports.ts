import type { ContentPort as ContentApi } from '@postwright/platform';
import type { EventPublisher } from '../../lib/events';
import type { LinkedinApi } from '../../lib/linkedin-api';
import type { Locks } from '../../lib/locks';
import type { LinkedinAccess } from '../connection/access.use-case';
import type { PostRepository } from './post.repository';

/** What the publication pipeline needs from the world, so it runs in memory in its unit tests. */
export type AttemptStore = Pick<PostRepository, 'insertAttempt' | 'findByKey' | 'findSending' | 'findPublishedByUrn' | 'firstSentAt' | 'transition' | 'move'>;
export type ConnectionAccess = Pick<LinkedinAccess, 'requireConnection' | 'requireRecentConnection' | 'withToken'>;
export type PostsApi = Pick<LinkedinApi, 'createPost' | 'postUrl' | 'apiVersion'>;
export type ContentPort = Pick<ContentApi, 'get' | 'report'>;
export type { EventPublisher, Locks };
