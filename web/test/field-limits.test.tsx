import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_MAX, POST_MAX_LENGTH } from '@postwright/contracts';
import { buildUser, fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { buildItem, renderSignedIn } from './support/screens';

/**
 * Every text field the forms send stops at the maximum the server
 * enforces (one source: FIELD_MAX in contracts), and the client says so in the server's words.
 */

const framework = { topic: 'What process or framework will you teach?', experience: 'Where has this framework worked for you?' };

/** Sets a value as a paste or script would, past any maxLength (which only stops typing). */
function force(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

async function openFrameworkForm() {
  await userEvent.click(await screen.findByRole('radio', { name: /^Framework/ }));
}

describe('field limits: generation form', () => {
  it('when the form shows, then every field stops at its maximum', async () => {
    renderSignedIn('/content');
    await openFrameworkForm();
    expect(screen.getByLabelText(framework.topic)).toHaveAttribute('maxLength', String(FIELD_MAX.topic));
    expect(screen.getByLabelText('Industry/Role')).toHaveAttribute('maxLength', String(FIELD_MAX.industryRole));
    expect(screen.getByLabelText(framework.experience)).toHaveAttribute('maxLength', String(FIELD_MAX.personalExperience));
    expect(screen.getByLabelText('Target Audience')).toHaveAttribute('maxLength', String(FIELD_MAX.targetAudience));
    expect(screen.getByLabelText(/Business Goal/)).toHaveAttribute('maxLength', String(FIELD_MAX.businessGoal));
  });

  it('when personal experience passes the 500 guidance, then the counter also names the 2,000 cap', async () => {
    renderSignedIn('/content');
    await openFrameworkForm();
    const counter = screen.getByTestId('experience-counter');
    force(screen.getByLabelText(framework.experience), 'x'.repeat(499));
    expect(counter).toHaveTextContent(/^499\/500$/);
    force(screen.getByLabelText(framework.experience), 'x'.repeat(600));
    expect(counter).toHaveTextContent('600/500 (at most 2,000)');
  });

  it('when values over the maxima reach the form anyway, then Generate shows the server\'s messages and sends nothing', async () => {
    const { api } = renderSignedIn('/content');
    await openFrameworkForm();
    force(screen.getByLabelText(framework.topic), 't'.repeat(FIELD_MAX.topic + 1));
    force(screen.getByLabelText('Industry/Role'), 'i'.repeat(FIELD_MAX.industryRole + 1));
    force(screen.getByLabelText(framework.experience), 'p'.repeat(FIELD_MAX.personalExperience + 1));
    force(screen.getByLabelText('Target Audience'), 'a'.repeat(FIELD_MAX.targetAudience + 1));
    force(screen.getByLabelText(/Business Goal/), 'g'.repeat(FIELD_MAX.businessGoal + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Content' }));

    expect(screen.getByText('Topic must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByText('Industry/Role must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Personal experience must be at most 2,000 characters')).toBeInTheDocument();
    expect(screen.getByText('Target audience must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByText('Business goal must be at most 300 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/Business Goal/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
  });

  it('when a post is generated and a hook chosen, then nothing cuts the body: a text past LinkedIn\'s 3,000 is kept and the editor says how far over it is', async () => {
    renderSignedIn('/content', {
      'POST /api/content/generate': () => ({ status: 201, body: { content: buildItem({ id: 'long-1', generatedContent: 'A short body.' }), user: { trialPostsRemaining: 2 } } }),
      'PUT /api/content/long-1/edit': (call) => ({ body: { content: buildItem({ id: 'long-1', finalContent: (call.body as { editedContent: string }).editedContent }) } }),
    });
    await openFrameworkForm();
    force(screen.getByLabelText(framework.topic), 'My 3-question filter for saying no');
    force(screen.getByLabelText('Industry/Role'), 'COO at a logistics company');
    force(screen.getByLabelText(framework.experience), 'Last year I used three questions to cut our roadmap from 40 to 12.');
    force(screen.getByLabelText('Target Audience'), 'Operations leaders');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Content' }));

    const body = await screen.findByLabelText('Post body');
    expect(body).not.toHaveAttribute('maxLength');
    await userEvent.click(screen.getByRole('radio', { name: /Hook two/ }));
    expect(body).not.toHaveAttribute('maxLength');

    await userEvent.click(body);
    await userEvent.paste('b'.repeat(3490 - 'A short body.'.length));
    const whole = 'Hook two\n\n'.length + 3490;
    expect((body as HTMLTextAreaElement).value).toHaveLength(3490);
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveAccessibleDescription(
      expect.stringContaining(`This post is 3,500 characters, 500 over LinkedIn's limit of ${POST_MAX_LENGTH.toLocaleString('en-US')}.`),
    );
    expect(whole).toBe(3500);
    expect(screen.getByTestId('length-counter')).toHaveTextContent("3,500 / 1,600 characters · 500 over LinkedIn's 3,000");
    expect(screen.getByTestId('length-counter')).toHaveAttribute('data-tone', 'red');
  });
});

describe('field limits: content management editor', () => {
  it('when a draft is edited, then nothing cuts the post text: past 3,000 characters the editor says by how much', async () => {
    renderSignedIn('/content-management', { 'GET /api/content': () => ({ body: { content: [buildItem({ topic: 'Quarterly planning in one page' })] } }) });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const text = within(card).getByLabelText('Post text');
    expect(text).not.toHaveAttribute('maxLength');
    force(text, 'a'.repeat(3500));
    expect((text as HTMLTextAreaElement).value).toHaveLength(3500);
    expect(within(card).getByTestId('linkedin-limit-note')).toHaveTextContent(
      "This post is 3,500 characters, 500 over LinkedIn's limit of 3,000. It is kept as a draft; shorten it by 500 characters to publish or schedule it.",
    );
  });

  it('when the text fits as written but not as LinkedIn receives it, then the editor says so, and stops saying it once it fits', async () => {
    renderSignedIn('/content-management', { 'GET /api/content': () => ({ body: { content: [buildItem({ topic: 'Quarterly planning in one page' })] } }) });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const text = within(card).getByLabelText('Post text');
    expect(within(card).queryByTestId('linkedin-limit-note')).toBeNull();
    // 2,800 characters as written; LinkedIn receives every ( and ) escaped: 4,200
    force(text, '(a) '.repeat(700));
    expect(within(card).getByTestId('linkedin-limit-note')).toHaveTextContent(
      'LinkedIn receives this post as 4,200 characters: hashtags and the characters \\ | { } @ [ ] ( ) < > # * _ ~ take extra room. LinkedIn allows at most 3,000, so shorten it before you publish or schedule it.',
    );
    force(text, '(a) '.repeat(400));
    expect(within(card).queryByTestId('linkedin-limit-note')).toBeNull();
  });
});

describe('field limits: profile', () => {
  function personal() {
    return screen.getByRole('region', { name: 'Personal Information' });
  }

  it('when the profile is edited, then every field stops at its maximum and the bio counts against 2,000', async () => {
    renderSignedIn('/profile', {}, { bio: 'Builder of engines.' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const card = personal();
    const expected: Array<[string, number]> = [
      ['First Name', FIELD_MAX.firstName],
      ['Last Name', FIELD_MAX.lastName],
      ['Email', FIELD_MAX.email],
      ['Job Title', FIELD_MAX.role],
      ['Company', FIELD_MAX.company],
      ['Industry', FIELD_MAX.industry],
      ['LinkedIn URL', FIELD_MAX.linkedinUrl],
      ['Bio', FIELD_MAX.bio],
    ];
    for (const [label, max] of expected) expect(within(card).getByLabelText(label)).toHaveAttribute('maxLength', String(max));

    const counter = within(card).getByTestId('bio-counter');
    expect(counter).toHaveTextContent('19/2,000');
    force(within(card).getByLabelText('Bio'), 'b'.repeat(1234));
    expect(counter).toHaveTextContent('1,234/2,000');
  });

  it('when a value over its maximum reaches the form anyway, then Save shows the server\'s message on that field and sends nothing', async () => {
    const { api } = renderSignedIn('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    force(within(personal()).getByLabelText('Bio'), 'b'.repeat(FIELD_MAX.bio + 1));
    await userEvent.click(within(personal()).getByRole('button', { name: 'Save Changes' }));

    const bio = within(personal()).getByLabelText('Bio'); // still editing
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(bio).toHaveAccessibleDescription('Bio must be at most 2,000 characters');
    expect(bio).toHaveFocus();
    expect(within(personal()).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/profile')).toHaveLength(0);
  });
});

describe('field limits: sign up and sign in', () => {
  it('when signing up, then names, email and both passwords stop at their maxima', async () => {
    fakeApi({});
    renderApp('/auth/signup');
    expect(await screen.findByLabelText('First Name')).toHaveAttribute('maxLength', String(FIELD_MAX.firstName));
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('maxLength', String(FIELD_MAX.lastName));
    expect(screen.getByLabelText('Email')).toHaveAttribute('maxLength', String(FIELD_MAX.email));
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxLength', String(FIELD_MAX.password));
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('maxLength', String(FIELD_MAX.password));
  });

  it('when signing in, then email and password stop at their maxima', async () => {
    fakeApi({ 'POST /api/auth/login': () => ({ body: { user: buildUser(), tokens: { accessToken: 'a', refreshToken: 'r' } } }) });
    renderApp('/auth/login');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('maxLength', String(FIELD_MAX.email));
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxLength', String(FIELD_MAX.password));
  });
});
