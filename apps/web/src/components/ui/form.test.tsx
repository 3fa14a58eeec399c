import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { Field, Form, FormErrorList, showServerError, useZodForm } from './form';

const ZExample = z.object({
  email: z.email('validation.emailInvalid'),
  name: z.string().min(1, 'validation.required'),
});

function ExampleForm({ onSubmit }: { onSubmit: (body: z.output<typeof ZExample>) => unknown }) {
  const form = useZodForm(ZExample, { defaultValues: { email: '', name: '' } });
  return (
    <Form form={form} onSubmit={(body) => void Promise.resolve(onSubmit(body)).catch((e) => showServerError(form, e))}>
      <Field name="email" label="Email" hint="Your work address">
        {(control) => <input {...control} />}
      </Field>
      <Field name="name" label="Name">
        {(control) => <input {...control} />}
      </Field>
      <FormErrorList title="Check these fields" labels={{ email: 'Email', name: 'Name' }} />
      <button type="submit">Send</button>
    </Form>
  );
}

describe('Form and Field', () => {
  it('checks a field with the shared schema when it loses focus, and ties the error to the control', async () => {
    const user = userEvent.setup();
    render(<ExampleForm onSubmit={vi.fn()} />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'nope');
    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const described = email.getAttribute('aria-describedby')!.split(' ');
    expect(described).toHaveLength(2);
    expect(document.getElementById(described[1]!)).toHaveTextContent(/.+/);
    expect(document.getElementById(described[0]!)).toHaveTextContent('Your work address');
  });

  it('sends the parsed values once every field is right', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ExampleForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ana@example.com', name: 'Ana' });
  });

  it("puts the server's field errors on their fields and anything else on the form", async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'x', fields: { name: 'Taken name' } }),
      )
      .mockRejectedValueOnce(new ApiError({ status: 409, code: 'CONFLICT', message: 'Try again later' }));
    render(<ExampleForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Taken name')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again later');
  });

  it('lists every problem after a submit, not before', async () => {
    const user = userEvent.setup();
    render(<ExampleForm onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.tab();
    expect(screen.queryByText('Check these fields')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const list = (await screen.findByText('Check these fields')).closest('[role="alert"]')!;
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(list).toHaveTextContent(/Email: .+/);
    expect(list).toHaveTextContent(/Name: .+/);
  });
});
