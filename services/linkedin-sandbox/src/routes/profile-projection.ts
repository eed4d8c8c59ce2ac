/**
 * The Profile API's `projection` parameter as LinkedIn documents it for `GET /v2/me`: only the
 * fields named come back, and `profilePicture(displayImage~:playableStreams)` (or the documented
 * `displayImage~digitalmediaAsset:playableStreams`) decorates the picture's digitalmediaAsset URN
 * with its sizes, each with the image's URL in `identifiers[].identifier`.
 */

/** The picture sizes LinkedIn serves a profile photo in (profile-displayphoto-shrink_N_N). */
const SIZES = [100, 200, 400, 800];

/** Top-level fields of a projection like `(id,profilePicture(displayImage~:playableStreams))`, with what each holds. */
function projectionFields(projection: string): Map<string, string> {
  const inner = projection.trim().replace(/^\(/, '').replace(/\)$/, '');
  const fields = new Map<string, string>();
  let depth = 0;
  let current = '';
  const flush = () => {
    const field = current.trim();
    if (field) {
      const open = field.indexOf('(');
      fields.set(open < 0 ? field : field.slice(0, open), open < 0 ? '' : field.slice(open));
    }
    current = '';
  };
  for (const char of inner) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) flush();
    else current += char;
  }
  flush();
  return fields;
}

/** The `displayImage~` decoration: one element per size, the image's URL as its identifier. */
function decoratedImage(asset: string, pictureUrl: string) {
  return {
    paging: { count: 10, start: 0, links: [] },
    elements: SIZES.map((size) => {
      const artifact = `urn:li:digitalmediaMediaArtifact:(${asset},urn:li:digitalmediaMediaArtifactClass:profile-displayphoto-shrink_${size}_${size})`;
      const url = new URL(pictureUrl);
      url.searchParams.set('size', String(size));
      return {
        artifact,
        authorizationMethod: 'PUBLIC',
        data: {
          'com.linkedin.digitalmedia.mediaartifact.StillImage': {
            mediaType: 'image/svg+xml',
            storageSize: { width: size, height: size },
            storageAspectRatio: { widthAspect: 1, heightAspect: 1, formatted: '1.00:1.00' },
            displaySize: { uom: 'PX', width: size, height: size },
            displayAspectRatio: { widthAspect: 1, heightAspect: 1, formatted: '1.00:1.00' },
          },
        },
        identifiers: [{ identifier: url.toString(), index: 0, mediaType: 'image/svg+xml', file: artifact, identifierType: 'EXTERNAL_URL', identifierExpiresInSeconds: 1_900_000_000 }],
      };
    }),
  };
}

/**
 * `/v2/me` as asked: the whole profile without a projection, else only the fields it names (LinkedIn
 * leaves out what it does not hold, such as a picture the member has not set).
 */
export function projectProfile(profile: Record<string, unknown>, projection: string | undefined, pictureUrl: string | null): Record<string, unknown> {
  if (!projection) return profile;
  const projected: Record<string, unknown> = {};
  for (const [field, inner] of projectionFields(projection)) {
    if (!(field in profile)) continue;
    if (field === 'profilePicture' && pictureUrl && /displayImage~/.test(inner)) {
      const picture = profile.profilePicture as { displayImage: string };
      projected.profilePicture = { ...picture, 'displayImage~': decoratedImage(picture.displayImage, pictureUrl) };
    } else {
      projected[field] = profile[field];
    }
  }
  return projected;
}
