import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { LegalDocument, type LegalSection } from './legal-document';

/*
 * The legal pages (spec section 9 claims): refunds approved in 2-3 business days, then card
 * 5-10 days, payment wallet 3-5, bank 5-7; 30 days notice of price changes; persistent cookies
 * up to 30 days; minimum age 18; support answers within 24 hours; an outage over 24 hours may
 * earn service credits.
 */

const Mail = ({ to }: { to: string }) => <a href={`mailto:${to}`}>{to}</a>;

const privacySections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {site.name} is a web application that helps executives and professionals write LinkedIn posts with AI, keep drafts, and publish or
        schedule them. This policy explains what personal data we collect when you use {site.name}, why we collect it, and the choices you
        have. If anything here is unclear, write to <Mail to={site.privacyEmail} />.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Data we collect',
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your first and last name, email address and a securely hashed password. We never store your
            password in readable form.
          </li>
          <li>
            <strong>Profile data you choose to add:</strong> job title, company, industry, LinkedIn profile address and a short bio.
          </li>
          <li>
            <strong>Content:</strong> the topics, experiences and audiences you describe, the posts and hooks we generate, and your edits,
            drafts and schedules.
          </li>
          <li>
            <strong>LinkedIn connection:</strong> when you connect LinkedIn, we receive an access token and your basic profile (name,
            headline, profile picture, public profile address). We never see your LinkedIn password.
          </li>
          <li>
            <strong>Usage and technical data:</strong> log entries such as request times, error reports and the browser you use, which we
            keep to secure and improve the service.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use your data',
    body: (
      <>
        <p>We use your data to:</p>
        <ul>
          <li>create your account, sign you in and keep your session secure;</li>
          <li>generate posts and hooks from the details you provide;</li>
          <li>publish or schedule posts to LinkedIn, only when you ask us to;</li>
          <li>show engagement figures for your published posts;</li>
          <li>answer your support requests and tell you about important changes to the service.</li>
        </ul>
        <p>We do not sell your personal data, and we do not use your content to advertise to you or to anyone else.</p>
      </>
    ),
  },
  {
    id: 'ai-processing',
    title: 'AI processing',
    body: (
      <p>
        To write a post, we send the details of your request (content type, topic, role, personal experience, audience and goal) to our AI
        model provider. The provider processes them only to return the generated text to us, under a contract that forbids using your data
        to train its models.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <p>We share personal data only with service providers that help us run {site.name}, each bound by a data processing agreement:</p>
        <ul>
          <li>hosting and database providers that store the service and its data;</li>
          <li>our AI model provider, for generating content as described above;</li>
          <li>LinkedIn, when you connect your account and publish posts to it;</li>
          <li>our payment processor, when you subscribe to a paid plan (we never store full card numbers).</li>
        </ul>
        <p>We may disclose data when the law requires it, and we will tell you about such a request unless we are forbidden to.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <p>
        We keep your account and content while your account is open. If you delete your account, we delete your personal data and content
        within 30 days, except records we must keep for tax or legal reasons. Disconnecting LinkedIn deletes the LinkedIn access token and
        profile we stored straight away.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Connections to {site.name} are encrypted, passwords are hashed with a modern algorithm, and LinkedIn access tokens are encrypted at
        rest. Access to production data is limited to the staff who need it to run the service.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        You can see and correct most of your data on your profile page. You may also ask us for a copy of your data, ask us to delete it, or
        object to how we use it, by writing to <Mail to={site.privacyEmail} />. We answer within 30 days, and support requests are
        acknowledged within {site.supportResponseHours} hours.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Age requirement',
    body: (
      <p>
        {site.name} is meant for professionals. You must be at least {site.minimumAge} years old to create an account, and we do not
        knowingly collect data from anyone younger.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that matters, we will email you and show a notice in the app before the change takes effect. See
        also our <Link to={paths.cookies}>Cookie Policy</Link>.
      </p>
    ),
  },
];

const termsSections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    body: (
      <p>
        These terms form an agreement between you and {site.name} for the use of the {site.name} web application. By creating an account or
        using the service you accept them. If you use {site.name} on behalf of a company, you confirm that you may accept these terms for
        it.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and accounts',
    body: (
      <p>
        You must be at least {site.minimumAge} years old to use {site.name}. Keep your sign-in details confidential; you are responsible for
        activity under your account. Tell us at once at <Mail to={site.supportEmail} /> if you suspect someone else has used it.
      </p>
    ),
  },
  {
    id: 'trial',
    title: 'Free trial',
    body: (
      <p>
        New accounts start with a {site.trialDays}-day free trial that needs no credit card. The trial includes {site.trialPostLimit}{' '}
        generated posts. When the trial ends or its posts are used, you can choose a paid plan to keep generating content; your drafts and
        published posts stay available either way.
      </p>
    ),
  },
  {
    id: 'plans-and-billing',
    title: 'Plans, billing and price changes',
    body: (
      <>
        <p>
          Paid plans are billed monthly or yearly in advance, as chosen at checkout. Yearly billing costs less than twelve monthly payments.
          Subscriptions renew automatically until cancelled; you can cancel at any time and keep access until the end of the paid period.
        </p>
        <p>
          We may change our prices. We will give you at least {site.priceChangeNoticeDays} days notice by email before a new price applies
          to your subscription, so you can cancel before it does.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <p>
        Every paid plan comes with a {site.moneyBackDays}-day money-back guarantee. The <Link to={paths.refund}>Refund Policy</Link>{' '}
        explains how to ask for a refund and how long it takes.
      </p>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <>
        <p>
          You own the details you enter and the posts {site.name} generates for you. You give us the limited permission we need to store,
          process and, when you ask, publish that content. You are responsible for what you publish: review every post before it goes out,
          and make sure it is accurate and that you have the right to share it.
        </p>
        <p>
          AI-generated text can contain mistakes. {site.name} is a writing aid, not professional, legal or financial advice.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to use {site.name} to:</p>
        <ul>
          <li>publish content that is unlawful, misleading, defamatory, harassing or that infringes the rights of others;</li>
          <li>break LinkedIn&apos;s terms or professional community policies;</li>
          <li>send spam, or automate the service beyond its normal features;</li>
          <li>probe, overload or interfere with the service or other users&apos; accounts.</li>
        </ul>
        <p>We may suspend accounts that break these rules, and will tell you why unless the law prevents it.</p>
      </>
    ),
  },
  {
    id: 'linkedin',
    title: 'LinkedIn',
    body: (
      <p>
        Publishing and scheduling rely on LinkedIn and the access you grant through LinkedIn&apos;s own authorisation page. LinkedIn is a
        separate service with its own terms; we are not responsible for its availability or for changes it makes to its platform. You can
        disconnect LinkedIn at any time from your profile.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and service credits',
    body: (
      <p>
        We work to keep {site.name} available around the clock, but short interruptions for maintenance or reasons outside our control can
        happen. If the service is unavailable for more than 24 consecutive hours because of a problem on our side, paying customers may
        receive a service credit: write to <Mail to={site.billingEmail} /> within 30 days of the outage.
      </p>
    ),
  },
  {
    id: 'support',
    title: 'Support',
    body: (
      <p>
        Write to <Mail to={site.supportEmail} /> with any question. We respond within {site.supportResponseHours} hours.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        To the extent the law allows, {site.name} is provided as is, and our total liability for any claim is limited to the amount you paid
        us in the twelve months before it arose. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes-and-ending',
    title: 'Changes and ending the agreement',
    body: (
      <p>
        We may update these terms; we will tell you about material changes before they apply. You may stop using {site.name} and delete your
        account at any time. We may end the agreement if you seriously or repeatedly break it.
      </p>
    ),
  },
];

const refundSections: LegalSection[] = [
  {
    id: 'guarantee',
    title: 'Our 30-day money-back guarantee',
    body: (
      <p>
        If {site.name} is not right for you, ask for a refund within {site.moneyBackDays} days of your first payment for a plan and we will
        refund that payment in full. No forms to fill in, no questions you have to answer.
      </p>
    ),
  },
  {
    id: 'how-to-ask',
    title: 'How to ask for a refund',
    body: (
      <p>
        Write to <Mail to={site.billingEmail} /> from the email address of your account, or to <Mail to={site.supportEmail} />. We respond
        within {site.supportResponseHours} hours.
      </p>
    ),
  },
  {
    id: 'processing-times',
    title: 'How long it takes',
    body: (
      <>
        <p>
          We approve refund requests within <strong>2-3 business days</strong>. Once approved, the money goes back to the way you paid. How
          soon it reaches you depends on your payment provider:
        </p>
        <table>
          <caption className="visually-hidden">Refund times by payment method</caption>
          <thead>
            <tr>
              <th scope="col">Payment method</th>
              <th scope="col">Time after approval</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Credit or debit card</td>
              <td>5-10 business days</td>
            </tr>
            <tr>
              <td>Payment wallet</td>
              <td>3-5 business days</td>
            </tr>
            <tr>
              <td>Bank transfer</td>
              <td>5-7 business days</td>
            </tr>
          </tbody>
        </table>
      </>
    ),
  },
  {
    id: 'after-30-days',
    title: 'After 30 days',
    body: (
      <p>
        After the first {site.moneyBackDays} days you can cancel at any time; your plan stays active until the end of the period you paid
        for and is not renewed. We do not refund partial periods, except where the law requires it or as a service credit for an outage of
        more than 24 hours (see the <Link to={paths.terms}>Terms of Service</Link>).
      </p>
    ),
  },
  {
    id: 'trial',
    title: 'Free trial',
    body: (
      <p>
        The {site.trialDays}-day free trial needs no credit card, so there is nothing to refund; nothing is charged unless you choose a plan.
      </p>
    ),
  },
];

const cookieSections: LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'Cookies and similar storage',
    body: (
      <p>
        Cookies are small files a website stores in your browser. {site.name} also uses your browser&apos;s local storage, which works in a
        similar way. This policy explains what we store and why.
      </p>
    ),
  },
  {
    id: 'what-we-use',
    title: 'What we store',
    body: (
      <>
        <ul>
          <li>
            <strong>Essential sign-in storage:</strong> keeps you signed in between visits: a sign-in cookie that pages cannot read (for up
            to 30 days) and your basic profile in local storage. Without it, the app cannot work.
          </li>
          <li>
            <strong>Preference storage:</strong> remembers small choices, such as the page to return to after you sign in.
          </li>
        </ul>
        <p>We do not use advertising cookies, and we do not let third parties track you across other websites through {site.name}.</p>
      </>
    ),
  },
  {
    id: 'duration',
    title: 'How long they last',
    body: (
      <p>
        Session storage disappears when you close the browser tab. Persistent cookies and stored sign-in data last up to{' '}
        {site.cookieMaxAgeDays} days, or until you log out, whichever comes first.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    body: (
      <p>
        You can delete cookies and site data at any time in your browser settings, or block them altogether. If you block essential storage
        you will not be able to stay signed in. Logging out of {site.name} clears the sign-in data we keep in your browser.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    body: (
      <p>
        Write to <Mail to={site.privacyEmail} />. Our <Link to={paths.privacy}>Privacy Policy</Link> explains how we handle personal data
        in general.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary={`What we collect when you use ${site.name}, why, and how you stay in control of it.`}
      sections={privacySections}
    />
  );
}

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary={`The agreement between you and ${site.name}: accounts, plans, billing, your content and our commitments.`}
      sections={termsSections}
    />
  );
}

export function RefundPage() {
  return (
    <LegalDocument
      title="Refund Policy"
      summary={`Every paid plan comes with a ${site.moneyBackDays}-day money-back guarantee. Here is how refunds work and how long they take.`}
      sections={refundSections}
    />
  );
}

export function CookiesPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      summary={`The cookies and browser storage ${site.name} uses, how long they last, and how to control them.`}
      sections={cookieSections}
    />
  );
}
