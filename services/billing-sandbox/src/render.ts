/**
 * The sandbox's records as Stripe's objects of API version 2026-10-28 (the shapes of
 * components.schemas in Stripe's OpenAPI document), ids unexpanded.
 */
import type { CheckoutSession, Customer, PaymentMethod, PortalSession, Price, Product, SandboxState, StripeObject, TestClock } from './state';

const NO_ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

export function renderProduct(p: Product): StripeObject {
  return {
    id: p.id,
    object: 'product',
    active: true,
    created: p.created,
    default_price: p.defaultPrice,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: p.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    unit_label: null,
    updated: p.created,
    url: null,
  };
}

export function renderPrice(p: Price): StripeObject {
  return {
    id: p.id,
    object: 'price',
    active: p.active,
    billing_scheme: 'per_unit',
    created: p.created,
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: p.lookupKey,
    metadata: {},
    nickname: null,
    product: p.product,
    recurring: { interval: p.interval, interval_count: 1, meter: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: p.unitAmount,
    unit_amount_decimal: String(p.unitAmount),
  };
}

export function renderCustomer(state: SandboxState, c: Customer): StripeObject {
  const delinquent = state.invoicesOf(c.id).some((i) => i.status === 'open' && i.attemptCount > 0);
  return {
    id: c.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: c.created,
    currency: c.currency,
    customer_account: null,
    default_source: null,
    delinquent,
    description: c.description,
    discount: null,
    email: c.email,
    invoice_prefix: c.invoicePrefix,
    invoice_settings: { custom_fields: null, default_payment_method: c.defaultPaymentMethod, footer: null, rendering_options: null },
    livemode: false,
    metadata: { ...c.metadata },
    name: c.name,
    next_invoice_sequence: c.nextInvoiceSequence,
    phone: c.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: c.testClock,
  };
}

export function renderPaymentMethod(pm: PaymentMethod): StripeObject {
  return {
    id: pm.id,
    object: 'payment_method',
    allow_redisplay: 'limited',
    billing_details: { address: { ...NO_ADDRESS }, email: pm.email, name: pm.name, phone: null, tax_id: null },
    card: {
      brand: pm.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: pm.brand,
      exp_month: pm.expMonth,
      exp_year: pm.expYear,
      fingerprint: pm.fingerprint,
      funding: 'credit',
      generated_from: null,
      last4: pm.last4,
      networks: { available: [pm.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: pm.created,
    customer: pm.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function renderClock(c: TestClock): StripeObject {
  return {
    id: c.id,
    object: 'test_helpers.test_clock',
    created: c.created,
    deletes_after: c.created + 30 * 86_400,
    frozen_time: c.frozenTime,
    livemode: false,
    name: c.name,
    status: c.status,
    status_details: c.status === 'advancing' ? { advancing: { target_frozen_time: c.frozenTime } } : {},
  };
}

export function renderCheckoutSession(state: SandboxState, s: CheckoutSession): StripeObject {
  const price = state.prices.get(s.price);
  const amount = (price?.unitAmount ?? 0) * s.quantity;
  const customer = s.customer ? state.customers.get(s.customer) : undefined;
  const pm = s.paymentMethod ? state.paymentMethods.get(s.paymentMethod) : undefined;
  const complete = s.status === 'complete';
  return {
    id: s.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: s.allowPromotionCodes,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    branding_settings: { background_color: '#ffffff', border_style: 'rounded', button_color: '#0074d4', display_name: 'Postwright', font_family: 'default', icon: null, logo: null },
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    client_secret: null,
    collected_information: complete ? { business_name: null, individual_name: null, shipping_details: null } : null,
    consent: null,
    consent_collection: null,
    created: s.created,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: s.customer,
    customer_account: null,
    customer_creation: s.customer ? null : 'always',
    customer_details: complete
      ? { address: { ...NO_ADDRESS }, business_name: null, email: customer?.email ?? s.customerEmail, individual_name: null, name: pm?.name ?? null, phone: null, tax_exempt: 'none', tax_ids: [] }
      : s.customer
        ? { address: null, business_name: null, email: customer?.email ?? null, individual_name: null, name: null, phone: null, tax_exempt: 'none', tax_ids: null }
        : null,
    customer_email: s.customerEmail,
    discounts: [],
    expires_at: s.expiresAt,
    invoice: s.invoice,
    invoice_creation: null,
    livemode: false,
    locale: s.locale,
    metadata: { ...s.metadata },
    mode: 'subscription',
    name_collection: { business: { enabled: false, optional: false }, individual: { enabled: false, optional: false } },
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: complete ? 'paid' : 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    presentment_details: { presentment_amount: amount, presentment_currency: 'usd' },
    recovered_from: null,
    redirect_on_completion: 'always',
    saved_payment_method_options: { allow_redisplay_filters: ['always'], payment_method_remove: 'disabled', payment_method_save: null },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: s.status,
    submit_type: null,
    subscription: s.subscription,
    success_url: s.successUrl,
    tax_id_collection: { enabled: false, required: 'never' },
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: s.status === 'open' ? s.url : null,
    wallet_options: null,
  };
}

export function renderPortalSession(s: PortalSession): StripeObject {
  return {
    id: s.id,
    object: 'billing_portal.session',
    configuration: s.configuration,
    created: s.created,
    customer: s.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: s.locale,
    on_behalf_of: null,
    return_url: s.returnUrl,
    url: s.url,
  };
}
