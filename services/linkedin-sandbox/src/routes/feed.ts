import type { Router } from 'express';
import { avatarSvg, errorPage, feedPage } from '../pages';
import type { SandboxState } from '../state';

/** What a person opens to see the result: the feed of everything posted, and profile photos. */
export function feedRoutes(router: Router, state: SandboxState): void {
  router.get('/', (_req, res) => res.redirect(302, '/feed'));

  router.get('/feed', (_req, res) => {
    res.type('html').send(feedPage([...state.posts].reverse(), state.members));
  });

  router.get('/feed/update/:urn', (req, res) => {
    const post = state.posts.find((p) => p.id === req.params.urn);
    if (!post) return res.status(404).type('html').send(errorPage('This post cannot be displayed', 'It may have been deleted, or it was never posted.'));
    res.type('html').send(feedPage([post], state.members));
  });

  router.get('/media/profile/:file', (req, res) => {
    const member = state.members.get(req.params.file.replace(/\.svg$/, ''));
    if (!member || !member.picture) return res.status(404).type('text').send('Not found');
    res.type('image/svg+xml').send(avatarSvg(member));
  });
}
