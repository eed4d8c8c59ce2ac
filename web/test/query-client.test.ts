import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, forgetOtherMembers, queryKeys } from '../src/lib/query-client';

describe('the server-state cache', () => {
  it('when another member signs in, then what the previous one read is forgotten and what is public stays', () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.contentList('u1'), ['a post of u1']);
    client.setQueryData(queryKeys.linkedinStatus('u1'), { connected: false });
    client.setQueryData(queryKeys.contentList('u2'), ['a post of u2']);
    client.setQueryData(queryKeys.plans(), ['starter']);

    forgetOtherMembers(client, 'u2');

    expect(client.getQueryData(queryKeys.contentList('u1'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.linkedinStatus('u1'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.contentList('u2'))).toEqual(['a post of u2']);
    expect(client.getQueryData(queryKeys.plans())).toEqual(['starter']);
  });

  it('when nobody is signed in, then no member\'s reads are kept', () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.subscription('u1'), { status: 'active' });

    forgetOtherMembers(client, null);

    expect(client.getQueryData(queryKeys.subscription('u1'))).toBeUndefined();
  });

  it('when a read fails, then it is not tried again behind the member\'s back', async () => {
    const client = createQueryClient();
    const read = jest.fn(async () => {
      throw new Error('refused');
    });

    const observer = new QueryObserver(client, { queryKey: ['once'], queryFn: read });
    const failed = new Promise<void>((resolve) => observer.subscribe((result) => result.isError && resolve()));

    await failed;
    expect(read).toHaveBeenCalledTimes(1);
    observer.destroy();
  });
});
