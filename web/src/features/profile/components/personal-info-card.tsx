import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FIELD_MAX, type User } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { fieldErrorsFrom, Input, Textarea, useFocusFirstInvalid } from '../../../components/ui/field';
import { IconEdit } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { updateProfile } from '../api/profile-api';
import { profileFields, requestOf, validateProfile, valuesOf, type ProfileErrors, type ProfileField, type ProfileValues } from './profile-validation';
import styles from './profile-page.module.css';

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const EMAIL_READ_ONLY = 'Email cannot be changed';
export const NOT_PROVIDED = 'Not provided';
/** The success message clears after 3 s, as the spec has it. */
export const SUCCESS_CLEAR_MS = 3000;

const rows: Array<{ field: ProfileField; label: string; wide?: boolean }> = [
  { field: 'firstName', label: 'First Name' },
  { field: 'lastName', label: 'Last Name' },
  { field: 'email', label: 'Email' },
  { field: 'role', label: 'Job Title' },
  { field: 'company', label: 'Company' },
  { field: 'industry', label: 'Industry' },
  { field: 'linkedinUrl', label: 'LinkedIn URL', wide: true },
  { field: 'bio', label: 'Bio', wide: true },
];

/**
 * Personal Information: view and edit, with the spec's save and cancel rules. A problem with one
 * field (found here or by the server) is shown on that field and takes focus; only what belongs
 * to no field is the card's message.
 */
export function PersonalInfoCard({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

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

  function change(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearMessages(); // editing any field clears messages, and that field's own
    setErrors((current) => {
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }

  function startEditing() {
    clearMessages();
    setErrors({});
    setValues(valuesOf(user));
    setEditing(true);
  }

  function cancel() {
    setValues(valuesOf(user)); // back to the saved values
    setEditing(false);
    setError(null);
    setErrors({});
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    clearMessages();
    // the rules the server applies, in its words, before a round trip
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    try {
      const updated = await updateProfile(requestOf(values));
      updateUser(updated);
      setEditing(false);
      setSuccess(PROFILE_UPDATED);
      timer.current = setTimeout(() => setSuccess(null), SUCCESS_CLEAR_MS);
    } catch (failure) {
      const onFields = fieldErrorsFrom(failure, profileFields);
      if (Object.keys(onFields).length > 0) {
        setErrors(onFields);
        focusFirstInvalid();
      } else {
        setError(errorMessage(failure, PROFILE_UPDATE_FAILED));
      }
    } finally {
      setSaving(false);
    }
  }

  /** value, change handler and message of one field */
  const field = (name: ProfileField) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
  });

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
          // noValidate: the URL rule is checked here and said on the field, not in a passing browser bubble
          <form ref={formRef} className={styles.form} onSubmit={save} noValidate>
            <div className={styles.formGrid}>
              <Input label="First Name" autoComplete="given-name" maxLength={FIELD_MAX.firstName} {...field('firstName')} />
              <Input label="Last Name" autoComplete="family-name" maxLength={FIELD_MAX.lastName} {...field('lastName')} />
              <Input label="Email" type="email" value={values.email} error={errors.email} readOnly hint={EMAIL_READ_ONLY} maxLength={FIELD_MAX.email} />
              <Input label="Job Title" autoComplete="organization-title" placeholder="e.g. Chief Financial Officer" maxLength={FIELD_MAX.role} {...field('role')} />
              <Input label="Company" autoComplete="organization" placeholder="e.g. Acme Logistics" maxLength={FIELD_MAX.company} {...field('company')} />
              <Input label="Industry" placeholder="e.g. B2B software" maxLength={FIELD_MAX.industry} {...field('industry')} />
              <Input
                label="LinkedIn URL"
                type="url"
                placeholder="https://www.linkedin.com/in/your-name"
                maxLength={FIELD_MAX.linkedinUrl}
                className={styles.wide}
                {...field('linkedinUrl')}
              />
              <Textarea
                label="Bio"
                rows={4}
                maxLength={FIELD_MAX.bio}
                className={styles.wide}
                {...field('bio')}
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
