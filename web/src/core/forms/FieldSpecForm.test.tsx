import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { FieldSpec } from '@web/core/plugin-host';
import { FieldSpecForm, OPTIONS_LOOKUP_DEBOUNCE_MS, type FieldSpecFormProps } from './FieldSpecForm';
import { REQUIRED_MESSAGE } from './fieldValues';
import { zodResolver } from './zodResolver';

const FIELDS: readonly FieldSpec[] = [
  { name: 'url', label: 'URL', kind: 'text', required: true },
  { name: 'port', label: 'Port', kind: 'number' },
  { name: 'filter.regex', label: 'Filter', kind: 'text' },
  { name: 'method', label: 'Method', kind: 'select', options: [{ value: 'GET', label: 'GET' }] },
  { name: 'insecure', label: 'Skip TLS verification', kind: 'boolean' },
  { name: 'codes', label: 'Codes', kind: 'choices', options: [200, 404].map((c) => ({ value: String(c), label: String(c) })) },
];

function Harness({
  defaults,
  onSubmit,
  schema,
  ...props
}: Partial<FieldSpecFormProps> & { defaults: Record<string, unknown>; onSubmit(values: Record<string, unknown>): void; schema?: z.ZodTypeAny }) {
  const form = useForm<Record<string, unknown>>({ defaultValues: defaults, resolver: schema ? zodResolver(schema) : undefined, mode: 'onChange' });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <FieldSpecForm fields={FIELDS} {...props} />
        <button type="submit">Submit</button>
      </form>
    </FormProvider>
  );
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  });
};

describe('FieldSpecForm', () => {
  it('keeps values as a YAML spec does: blanks left out, numbers as numbers, choices as a list', async () => {
    const onSubmit = jest.fn();
    render(<Harness defaults={{ check: { url: 'http://x', filter: { regex: 'a' } } }} name="check" values="spec" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Port/ }), { target: { value: '8080' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Filter/ }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Skip TLS verification' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Codes' })).getByRole('checkbox', { name: '404' }));
    expect([...(screen.getByRole('combobox', { name: 'Method' }) as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['(default)', 'GET']);
    await submit();
    expect(onSubmit.mock.calls[0][0].check).toEqual({
      url: 'http://x',
      port: 8080,
      filter: { regex: undefined },
      insecure: true,
      codes: [404],
      method: undefined,
    });
  });

  it('keeps a lines field as a list of its non-blank lines, keeping a new empty line while typing', async () => {
    const onSubmit = jest.fn();
    render(
      <Harness
        defaults={{ entry: { paths: ['/srv/a/*.yaml'] } }}
        name="entry"
        values="spec"
        fields={[{ name: 'paths', label: 'Paths', kind: 'lines' }]}
        onSubmit={onSubmit}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Paths' });
    expect(box).toHaveValue('/srv/a/*.yaml');
    fireEvent.change(box, { target: { value: '/srv/a/*.yaml\n' } });
    expect(box).toHaveValue('/srv/a/*.yaml\n');
    fireEvent.change(box, { target: { value: '/srv/a/*.yaml\n  /srv/b/*.json \n\n' } });
    await submit();
    expect(onSubmit.mock.calls[0][0].entry).toEqual({ paths: ['/srv/a/*.yaml', '/srv/b/*.json'] });
    fireEvent.change(box, { target: { value: '  ' } });
    await submit();
    expect(onSubmit.mock.calls[1][0].entry).toEqual({ paths: undefined });
  });

  it('keeps values as a form body does: strings, and false for an unticked box', async () => {
    const onSubmit = jest.fn();
    render(<Harness defaults={{}} onSubmit={onSubmit} adjust={() => ({ blankOption: null })} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Port/ }), { target: { value: '25' } });
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ url: '', port: '25', filter: { regex: '' }, method: '', insecure: false, codes: [] });
  });

  it('says "required" only once the form was submitted, and other problems at once', async () => {
    const check = z
      .object({ url: z.string({ message: REQUIRED_MESSAGE }), port: z.number({ message: 'This field must be a number' }).optional() })
      .passthrough();
    render(<Harness defaults={{ c: { url: 'x' } }} name="c" values="spec" schema={z.object({ c: check })} onSubmit={jest.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^URL/ }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Port/ }), { target: { value: '1e' } });
    expect(await screen.findByText('This field must be a number')).toBeInTheDocument();
    expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument();
    await submit();
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeInTheDocument();
  });

  it('looks options up once the fields they depend on settle, and locks a fixed field', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const loadOptions = jest.fn(() => Promise.resolve([{ value: 'OPS', label: 'Operations' }]));
      const fields: FieldSpec[] = [
        { name: 'instance', label: 'Instance', kind: 'text' },
        { name: 'project', label: 'Project', kind: 'select', optionsKey: 'projects', dependsOn: ['instance'] },
      ];
      render(
        <Harness
          defaults={{ instance: 'main', connection: 'c1' }}
          onSubmit={jest.fn()}
          fields={fields}
          loadOptions={loadOptions}
          lookupWith={['connection']}
          adjust={(f) => ({ required: true, locked: f.name === 'instance' })}
        />,
      );
      expect(screen.getByRole('textbox', { name: /^Instance/ })).toBeDisabled();
      expect(loadOptions).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTime(OPTIONS_LOOKUP_DEBOUNCE_MS));
      expect(loadOptions).toHaveBeenCalledWith(expect.objectContaining({ name: 'project' }), { connection: 'c1', instance: 'main' });
      expect(
        within(screen.getByRole('combobox', { name: /^Project/ }))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select...', 'Operations']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers None, Basic, NTLM and NTLMv2 over the username, password and NTLM flags', async () => {
    const onSubmit = jest.fn();
    render(
      <Harness
        defaults={{ c: { username: 'u' } }}
        name="c"
        values="spec"
        fields={[{ name: 'authentication', label: 'Authentication', kind: 'authentication' }]}
        onSubmit={onSubmit}
      />,
    );
    const auth = screen.getByRole('combobox', { name: 'Authentication' });
    expect(auth).toHaveValue('Basic');
    fireEvent.change(auth, { target: { value: 'NTLM' } });
    expect(screen.getByRole('textbox', { name: /^Username \(DOMAIN/ })).toHaveValue('u');
    await submit();
    expect(onSubmit.mock.calls[0][0].c).toMatchObject({ username: 'u', ntlm: true });
    fireEvent.change(auth, { target: { value: 'None' } });
    expect(screen.queryByRole('textbox', { name: /^Username/ })).not.toBeInTheDocument();
  });
});
