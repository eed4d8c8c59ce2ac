// @ts-check
/**
 * Writes a deployment's settings file from its example with every secret freshly generated:
 *
 *   npm run secrets -- env                                 # .env for docker compose, from .env.example
 *   npm run secrets -- k8s deploy/k8s/overlays/production  # <overlay>/secrets-file/secrets.env for its secretGenerator
 *   ... [--out FILE] [--force]
 *
 * The example is copied line by line; a key the example leaves empty is filled when it is one
 * this script knows how to make (below), and every empty key it cannot make (connection
 * strings of your servers, your LinkedIn app's secret, your Stripe keys) is named at the end.
 * JWT_PUBLIC_KEY is derived from JWT_PRIVATE_KEY: the one the example holds, or the one made.
 * Stripe's key and webhook signing secret are made only for the billing sandbox, where the
 * settings point the billing service at it (STRIPE_API_URL=http://billing-sandbox:3000 in
 * .env.example, or in the overlay's kustomization.yaml): a real account's come from Stripe, and
 * left empty they keep production from starting. So is LINKEDIN_CLIENT_SECRET, only where the
 * settings point the linkedin service at the LinkedIn sandbox (LINKEDIN_MODE=sandbox): the
 * sandbox app's secret, which the sandbox is given too; a real app's comes from LinkedIn. Where
 * the settings run Mailpit (the sandbox overlay lists mailpit.yaml), SMTP_URL is filled with its
 * address and its inbox gets a login; elsewhere SMTP_URL is the operator's provider's, named as
 * left empty. .env.example gives compose's SMTP_URL itself. An existing file is never replaced
 * without --force: a new TOKEN_ENCRYPTION_KEY makes the stored LinkedIn tokens unreadable, and
 * MongoDB and RabbitMQ keep the passwords they were created with. Plain node, no dependencies.
 * The file is written with mode 0600.
 */
const { createPublicKey, generateKeyPairSync, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/** @type {Record<string, () => string>} */
const GENERATORS = {
  INTERNAL_TOKEN: () => randomBytes(32).toString('base64url'),
  TOKEN_ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
  // one line with \n escapes: neither a compose .env nor a Kustomize env file holds a multi-line value
  JWT_PRIVATE_KEY: () =>
    generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
      .privateKey.trim()
      .replace(/\n/g, '\\n'),
  // letters and digits only: they are written into connection URLs
  MONGO_PASSWORD: () => randomBytes(24).toString('hex'),
  REDIS_PASSWORD: () => randomBytes(24).toString('hex'),
  RABBITMQ_PASSWORD: () => randomBytes(24).toString('hex'),
};

/**
 * The public key of a private one, both PEM on one line with \n escapes: JWT_PUBLIC_KEY, what the
 * gateway and the services check access tokens with, from the JWT_PRIVATE_KEY auth signs them with.
 * @param {string} privateKey PKCS#8 PEM
 */
function publicKeyOf(privateKey) {
  let key;
  try {
    key = createPublicKey(privateKey.replace(/\\n/g, '\n'));
  } catch (error) {
    throw new Error('JWT_PRIVATE_KEY is not a PEM private key: JWT_PUBLIC_KEY cannot be derived from it', { cause: error });
  }
  return String(key.export({ type: 'spki', format: 'pem' })).trim().replace(/\n/g, '\\n');
}

/**
 * Made only for the billing sandbox, which takes whatever test-shaped key and secret it is given.
 * @type {Record<string, () => string>}
 */
const BILLING_SANDBOX_GENERATORS = {
  STRIPE_SECRET_KEY: () => `sk_test_${randomBytes(24).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString('hex')}`,
};

/**
 * Made only where the settings run the LinkedIn sandbox: its app's client secret, which the linkedin
 * service signs in with and the sandbox is given too (production refuses the built-in one).
 * @type {Record<string, () => string>}
 */
const LINKEDIN_SANDBOX_GENERATORS = {
  LINKEDIN_CLIENT_SECRET: () => randomBytes(32).toString('base64url'),
};

/**
 * Made only where the settings run Mailpit: the services send to it, and its inbox (which shows
 * every email with its sign-in and password reset links) asks for this login.
 * @type {Record<string, () => string>}
 */
const MAILPIT_GENERATORS = {
  SMTP_URL: () => 'smtp://mailpit:1025',
  MAILPIT_UI_AUTH: () => `postwright:${randomBytes(24).toString('hex')}`,
};

/** A Kustomize resource line naming Mailpit's manifest: the overlay runs it. */
const MAILPIT_RESOURCE = /^\s*-\s*mailpit\.yaml\s*$/m;

/**
 * Whether a kustomization.yaml runs Mailpit.
 * @param {string} text
 */
function usesMailpit(text) {
  return MAILPIT_RESOURCE.test(text);
}

/** A Kustomize component line (not commented out) naming the overlay's secrets-file component. */
const SECRETS_FILE_COMPONENT = /^\s*-\s*(?:\.\/)?secrets-file\/?\s*$/m;

/**
 * Whether a kustomization.yaml generates its Secret from secrets-file/secrets.env.
 * @param {string} text
 */
function usesSecretsFile(text) {
  return SECRETS_FILE_COMPONENT.test(text);
}

/** A setting (a .env line, or a Kustomize literal) that points the billing service at the billing sandbox. */
const BILLING_SANDBOX_URL = /^[\s-]*STRIPE_API_URL=http:\/\/billing-sandbox:3000\/?\s*$/m;

/**
 * Whether settings point the billing service at the billing sandbox.
 * @param {string} text
 */
function usesBillingSandbox(text) {
  return BILLING_SANDBOX_URL.test(text);
}

/** A setting (a .env line, or a Kustomize literal) that points the linkedin service at the LinkedIn sandbox. */
const LINKEDIN_SANDBOX_MODE = /^[\s-]*LINKEDIN_MODE=sandbox\s*$/m;

/**
 * Whether settings point the linkedin service at the LinkedIn sandbox.
 * @param {string} text
 */
function usesLinkedinSandbox(text) {
  return LINKEDIN_SANDBOX_MODE.test(text);
}

/**
 * The example's text with every empty generatable key filled.
 * @param {string} example
 * @param {{ billingSandbox?: boolean; linkedinSandbox?: boolean; mailpit?: boolean }} [options] billingSandbox:
 *   whether the billing service calls the billing sandbox, linkedinSandbox: whether the linkedin service
 *   calls the LinkedIn sandbox (default: whether the example itself says so); mailpit: whether the
 *   settings run Mailpit (default: no)
 * @returns {{ text: string; generated: string[]; missing: string[] }}
 */
function fill(example, options = {}) {
  /** @type {Record<string, string>} */
  const given = {};
  for (const line of example.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) given[match[1]] = match[2].trim();
  }
  // the signing key: the one the file already holds, else the one made for it here
  /** @type {string | undefined} */
  let privateKey = given.JWT_PRIVATE_KEY || undefined;
  const signingKey = () => (privateKey ??= GENERATORS.JWT_PRIVATE_KEY());
  const generators = {
    ...GENERATORS,
    JWT_PRIVATE_KEY: signingKey,
    // its public half, for the verifiers; only beside the key it comes from
    ...('JWT_PRIVATE_KEY' in given ? { JWT_PUBLIC_KEY: () => publicKeyOf(signingKey()) } : {}),
    ...((options.billingSandbox ?? usesBillingSandbox(example)) ? BILLING_SANDBOX_GENERATORS : {}),
    ...((options.linkedinSandbox ?? usesLinkedinSandbox(example)) ? LINKEDIN_SANDBOX_GENERATORS : {}),
    ...(options.mailpit ? MAILPIT_GENERATORS : {}),
  };
  /** @type {string[]} */
  const generated = [];
  /** @type {string[]} */
  const missing = [];
  const lines = example.split('\n').map((line) => {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match || match[2].trim() !== '') return line;
    const [, key] = match;
    const make = generators[key];
    if (!make) {
      missing.push(key);
      return line;
    }
    generated.push(key);
    return `${key}=${make()}`;
  });
  return { text: lines.join('\n'), generated, missing };
}

/** @param {string[]} argv */
function main(argv) {
  const [target, ...rest] = argv;
  const flag = (name) => rest.includes(name);
  const option = (name) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const positional = rest.filter((a, i) => !a.startsWith('--') && !(i > 0 && rest[i - 1] === '--out'));
  let example;
  let out;
  /** @type {boolean | undefined} */
  let billingSandbox;
  /** @type {boolean | undefined} */
  let linkedinSandbox;
  let mailpit = false;
  /** what to do once the file is written, when the overlay does not read it yet */
  let nextStep = '';
  if (target === 'env') {
    example = path.join(ROOT, '.env.example');
    out = path.resolve(option('--out') ?? path.join(ROOT, '.env'));
  } else if (target === 'k8s' && positional[0]) {
    const overlay = path.resolve(positional[0]);
    example = path.join(overlay, 'secrets.env.example');
    // the overlay's secrets-file component generates the Secret from the file beside it
    const component = path.join(overlay, 'secrets-file');
    const fileDir = fs.existsSync(path.join(component, 'kustomization.yaml')) ? component : overlay;
    out = path.resolve(option('--out') ?? path.join(fileDir, 'secrets.env'));
    // an overlay says where the billing service calls Stripe, and which LinkedIn the linkedin
    // service talks to, in its ConfigMaps, not in its secrets
    const kustomization = path.join(overlay, 'kustomization.yaml');
    const settings = fs.existsSync(kustomization) ? fs.readFileSync(kustomization, 'utf8') : '';
    billingSandbox = usesBillingSandbox(settings);
    linkedinSandbox = usesLinkedinSandbox(settings);
    mailpit = usesMailpit(settings);
    if (fileDir === component && !usesSecretsFile(settings)) {
      const namespace = /^namespace:\s*(\S+)\s*$/m.exec(settings)?.[1] ?? '<namespace>';
      nextStep =
        `The overlay does not read it yet: list \`- secrets-file\` under components in ${path.relative(process.cwd(), kustomization)}` +
        ` (in place of ../../components/external-secrets, if listed), or create the Secret from it yourself:\n` +
        `  kubectl -n ${namespace} create secret generic postwright-secrets --from-env-file=${path.relative(process.cwd(), out)}\n`;
    }
  } else {
    process.stderr.write('Usage: npm run secrets -- env [--out FILE] [--force]\n       npm run secrets -- k8s <overlay folder> [--out FILE] [--force]\n');
    return 2;
  }
  if (!fs.existsSync(example)) {
    process.stderr.write(`No ${path.relative(process.cwd(), example)} to start from.\n`);
    return 1;
  }
  if (fs.existsSync(out) && !flag('--force')) {
    process.stderr.write(
      `${path.relative(process.cwd(), out)} exists; left as it is. A new TOKEN_ENCRYPTION_KEY would make the stored LinkedIn connections unreadable, and MongoDB and RabbitMQ keep the passwords they were created with. Add --force to replace it anyway.\n`,
    );
    return 1;
  }
  const { text, generated, missing } = fill(fs.readFileSync(example, 'utf8'), { billingSandbox, linkedinSandbox, mailpit });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text, { mode: 0o600 });
  fs.chmodSync(out, 0o600);
  process.stdout.write(`Wrote ${path.relative(process.cwd(), out)} with ${generated.length} generated secrets (${generated.join(', ')}).\n`);
  if (missing.length) process.stdout.write(`Left empty, fill in what your deployment needs: ${missing.join(', ')}\n`);
  if (nextStep) process.stdout.write(nextStep);
  return 0;
}

module.exports = { fill, usesBillingSandbox, usesLinkedinSandbox, usesMailpit, usesSecretsFile, GENERATORS, BILLING_SANDBOX_GENERATORS, LINKEDIN_SANDBOX_GENERATORS, MAILPIT_GENERATORS };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
