import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FIELD_MAX, profileUpdateRequestSchema, type ProfileUpdateRequest, type User } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/field';
import { IconEdit } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { updateProfile } from '../api/profile-api';
import styles from './profile-page.module.css';

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const EMAIL_READ_ONLY = 'Email cannot be changed';
export const NOT_PROVIDED = 'Not provided';
/** Spec section 9: the success message clears after 3 s. */
export const SUCCESS_CLEAR_MS = 3000;

type Field = 'firstName' | 'lastName' | 'email' | 'role' | 'company' | 'industry' | 'linkedinUrl' | 'bio';
type Values = Record<Field, string>;

function valuesOf(user: User): Values {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    role: user.role ?? '',
    company: user.company ?? '',
    industry: user.industry ?? '',
    linkedinUrl: user.linkedinUrl ?? '',
    bio: user.bio ?? '',
  };
}

const rows: Array<{ field: Field; label: string; wide?: boolean }> = [
  { field: 'firstName', label: 'First Name' },
  { field: 'lastName', label: 'Last Name' },
  { field: 'email', label: 'Email' },
  { field: 'role', label: 'Job Title' },
  { field: 'company', label: 'Company' },
  { field: 'industry', label: 'Industry' },
  { field: 'linkedinUrl', label: 'LinkedIn URL', wide: true },
  { field: 'bio', label: 'Bio', wide: true },
];

/** Personal Information (spec section 2, profile): view and edit, with the save and cancel rules of section 4. */
export function PersonalInfoCard({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [saving, setSaving] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  // the saved values follow the stored user while not editing
  useEffect(() => {
    if (!editing) setValues(valuesOf(user));
  }, [user, editing]);

  function clearMessages() {
    if (timer.current) clearTimeout(timer.current);
    setSuccess(null);
    setError(null);
  }

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearMessages(); // editing any field clears messages (spec section 4)
  }

  function startEditing() {
    clearMessages();
    setValues(valuesOf(user));
    setEditing(true);
  }

  function cancel() {
    setValues(valuesOf(user)); // back to the saved values
    setEditing(false);
    setError(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    clearMessages();
    const body: ProfileUpdateRequest = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      company: values.company,
      role: values.role,
      industry: values.industry,
      linkedinUrl: values.linkedinUrl,
      bio: values.bio,
    };
    // the maxima the server applies, in its words, before a round trip
    const checked = profileUpdateRequestSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    setSaving(true);
    try {
      const updated = await updateProfile(body);
      updateUser(updated);
      setEditing(false);
      setSuccess(PROFILE_UPDATED);
      timer.current = setTimeout(() => setSuccess(null), SUCCESS_CLEAR_MS);
    } catch (failure) {
      setError(errorMessage(failure, PROFILE_UPDATE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="personal-title">
      <CardHeader
        id="personal-title"
        title="Personal Information"
        description="How you appear in Postwright and in your generated posts."
        actions={
          editing ? null : (
            <Button size="sm" variant="secondary" onClick={startEditing} icon={<IconEdit size={16} />}>
              Edit Profile
            </Button>
          )
        }
      />
      <CardBody>
        <div className={styles.messages}>
          {success ? <Alert tone="success">{success}</Alert> : null}
          {error ? <Alert tone="danger">{error}</Alert> : null}
        </div>
        {editing ? (
          <form className={styles.form} onSubmit={save}>
            <div className={styles.formGrid}>
              <Input
                label="First Name"
                value={values.firstName}
                onChange={(e) => change('firstName', e.target.value)}
                autoComplete="given-name"
                maxLength={FIELD_MAX.firstName}
              />
              <Input
                label="Last Name"
                value={values.lastName}
                onChange={(e) => change('lastName', e.target.value)}
                autoComplete="family-name"
                maxLength={FIELD_MAX.lastName}
              />
              <Input label="Email" type="email" value={values.email} readOnly hint={EMAIL_READ_ONLY} maxLength={FIELD_MAX.email} />
              <Input
                label="Job Title"
                value={values.role}
                onChange={(e) => change('role', e.target.value)}
                autoComplete="organization-title"
                placeholder="e.g. Chief Financial Officer"
                maxLength={FIELD_MAX.role}
              />
              <Input
                label="Company"
                value={values.company}
                onChange={(e) => change('company', e.target.value)}
                autoComplete="organization"
                placeholder="e.g. Acme Logistics"
                maxLength={FIELD_MAX.company}
              />
              <Input
                label="Industry"
                value={values.industry}
                onChange={(e) => change('industry', e.target.value)}
                placeholder="e.g. B2B software"
                maxLength={FIELD_MAX.industry}
              />
              <Input
                label="LinkedIn URL"
                type="url"
                value={values.linkedinUrl}
                onChange={(e) => change('linkedinUrl', e.target.value)}
                placeholder="https://www.linkedin.com/in/your-name"
                maxLength={FIELD_MAX.linkedinUrl}
                className={styles.wide}
              />
              <Textarea
                label="Bio"
                rows={4}
                value={values.bio}
                onChange={(e) => change('bio', e.target.value)}
                maxLength={FIELD_MAX.bio}
                className={styles.wide}
                after={
                  <p className={styles.counter} data-testid="bio-counter" aria-live="polite">
                    {values.bio.length.toLocaleString('en-US')}/{FIELD_MAX.bio.toLocaleString('en-US')}
                  </p>
                }
              />
            </div>
            <div className={styles.formActions}>
              <Button type="submit" variant="primary" loading={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
              <Button variant="secondary" onClick={cancel} disabled={saving}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <dl className={styles.details}>
            {rows.map(({ field, label, wide }) => {
              const value = valuesOf(user)[field].trim();
              return (
                <div key={field} className={wide ? styles.wide : undefined}>
                  <dt>{label}</dt>
                  <dd className={value ? styles.value : styles.empty}>
                    {value ? (
                      field === 'linkedinUrl' ? (
                        <a href={value} target="_blank" rel="noreferrer">
                          {value}
                        </a>
                      ) : (
                        value
                      )
                    ) : (
                      NOT_PROVIDED
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
