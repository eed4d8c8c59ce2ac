import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FaqList, faqItems } from '../src/components/site/faq';
import { PlanPicker } from '../src/components/site/plan-picker';
import { fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';

describe('landing page', () => {
  it('when an anonymous visitor opens /, then every section and its anchor is there', async () => {
    fakeApi({});
    const { container } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Turn your expertise/ });

    for (const id of ['features', 'pricing', 'testimonials', 'faq']) expect(container.querySelector(`#${id}`)).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Features', 'Pricing', 'About', 'FAQ', 'Contact']);
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '#faq');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/auth/login');
    expect(screen.getAllByRole('link', { name: /Watch 2-Min Demo/ })[0]).toHaveAttribute('href', '/demo');
    for (const claim of ['500+', '$1.2M+', '30 sec']) expect(screen.getByText(claim)).toBeInTheDocument();
    expect(screen.getByText(/insight test: would someone pay \$1,000 for this advice\?/)).toBeInTheDocument();
    expect(within(container.querySelector('#features') as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(within(container.querySelector('#testimonials') as HTMLElement).getAllByRole('blockquote')).toHaveLength(3);
  });
});

describe('FAQ accordion', () => {
  it('has 8 questions, all closed at first', () => {
    render(<FaqList />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(8);
    expect(faqItems).toHaveLength(8);
    for (const b of buttons) expect(b).toHaveAttribute('aria-expanded', 'false');
  });

  it('when a question opens, then the one open before closes (one open at a time)', async () => {
    render(<FaqList />);
    const first = screen.getByRole('button', { name: 'How does the free trial work?' });
    const second = screen.getByRole('button', { name: 'What are the five content types?' });

    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How does the free trial work?' })).toHaveTextContent('30-day free trial');

    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'How does the free trial work?' })).not.toBeInTheDocument();
  });

  it('when the open question is activated again from the keyboard, then it closes', async () => {
    render(<FaqList />);
    const first = screen.getByRole('button', { name: 'How does the free trial work?' });
    first.focus();

    await userEvent.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('pricing toggle', () => {
  function renderPicker() {
    render(
      <MemoryRouter>
        <PlanPicker action={(plan, period) => <button type="button">{`Pick ${plan.name} ${period}`}</button>} />
      </MemoryRouter>,
    );
  }

  it('when monthly is selected (the default), then Starter $29, Professional $79, Enterprise $299 per month show', () => {
    renderPicker();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('price-starter')).toHaveTextContent('$29');
    expect(screen.getByTestId('price-professional')).toHaveTextContent('$79');
    expect(screen.getByTestId('price-enterprise')).toHaveTextContent('$299');
    expect(screen.getAllByText('/month')).toHaveLength(3);
    expect(screen.getByText('50 posts per month')).toBeInTheDocument();
    expect(screen.getAllByText('Unlimited posts')).toHaveLength(2);
    const professional = screen.getByRole('listitem', { name: 'Professional plan' });
    expect(within(professional).getByText('Most popular')).toBeInTheDocument();
    expect(screen.getByText('30-day free trial: 3 posts, no credit card')).toBeInTheDocument();
    expect(screen.getByText('30-day money-back guarantee')).toBeInTheDocument();
  });

  it('when yearly is selected, then $290, $790 and $2,990 per year show (thousands separated), with the 17% saving', async () => {
    renderPicker();
    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));

    expect(screen.getByRole('radio', { name: /Yearly/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('price-starter')).toHaveTextContent('$290');
    expect(screen.getByTestId('price-professional')).toHaveTextContent('$790');
    expect(screen.getByTestId('price-enterprise')).toHaveTextContent(/^\$2,990$/);
    expect(screen.getAllByText('/year')).toHaveLength(3);
    expect(screen.getByText('Save 17%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pick Enterprise yearly' })).toBeInTheDocument();
  });

  it('when the arrow keys are used on the toggle, then the period switches', async () => {
    renderPicker();
    screen.getByRole('radio', { name: 'Monthly' }).focus();

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('price-starter')).toHaveTextContent('$290');
    expect(screen.getByRole('radio', { name: /Yearly/ })).toHaveFocus();

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('price-starter')).toHaveTextContent('$29');
  });
});
