/**
 * One publish per item at a time, by the item's id as the content service spells it (ids are read
 * in either case). Only its owner's requests get as far as taking it: ownership is proven first.
 * The name is the one earlier versions used, so instances of both exclude each other during a
 * rolling deploy.
 */
export function publishLock(contentId: string): string {
  return `publish:${contentId.toLowerCase()}`;
}
