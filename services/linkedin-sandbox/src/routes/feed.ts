import type { Router } from 'express';
import { avatarSvg, errorPage, feedPage } from '../pages';
import { hashtagsOf } from '../little-text';
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

  // where a hashtag in a post links to, as LinkedIn's /feed/hashtag/{tag}/: the posts carrying it
  router.get('/feed/hashtag/:tag', (req, res) => {
    const tag = req.params.tag.toLowerCase();
    const tagged = state.posts.filter((p) => hashtagsOf(p.commentary).some((t) => t.toLowerCase() === tag));
    res.type('html').send(feedPage([...tagged].reverse(), state.members, `#${req.params.tag}`));
  });

  router.get('/media/profile/:file', (req, res) => {
    const member = state.members.get(req.params.file.replace(/\.svg$/, ''));
    if (!member || !member.picture) return res.status(404).type('text').send('Not found');
    res.type('image/svg+xml').send(avatarSvg(member));
  });
}
