import { fireEvent, render, screen } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
import { AddDefinitionOfDoneDialog } from './AddDefinitionOfDoneDialog';
import { evidence } from './testFixtures';
import type { Evidence } from './types';

const check: Evidence = { ...evidence, id: 'e2', type: 'check', description: 'api health' };
const topology: Evidence = { ...evidence, id: 'e3', type: 'topology', description: 'payments' };

function openWizard(candidates: Evidence[]) {
  const onAdd = jest.fn();
  render(
    <TestProviders>
      <AddDefinitionOfDoneDialog open candidates={candidates} onClose={jest.fn()} onAdd={onAdd} />
    </TestProviders>,
  );
  return onAdd;
}

const button = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('AddDefinitionOfDoneDialog', () => {
  it('says when no evidence is left to add and keeps Next disabled', async () => {
    openWizard([]);
    fireEvent.click(button('Next'));
    expect(await screen.findByText('There are no evidences which are not part of definition of done')).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
  });

  it('pre-fills the check script, offers the topology shortcut and adds the chosen evidence', async () => {
    const onAdd = openWizard([evidence, check, topology]);
    fireEvent.click(button('Next'));
    expect(button('Next')).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'api health', hidden: true }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'payments', hidden: true }));
    fireEvent.click(button('Next'));
    const checkScript = await screen.findByRole('textbox', { name: /Script for api health/, hidden: true });
    expect(checkScript).toHaveValue("check.status == 'healthy' && check.age > duration('5m')");
    expect(checkScript).toHaveAttribute('rows', '3');
    const topologyScript = screen.getByRole('textbox', { name: /Script for payments/, hidden: true });
    expect(topologyScript).toHaveValue('');
    fireEvent.click(button('component is healthy'));
    expect(topologyScript).toHaveValue("component.health == 'healthy'");
    fireEvent.click(button('Add'));
    expect(onAdd).toHaveBeenCalledWith({
      mode: 'automatic',
      items: [
        { id: 'e2', script: "check.status == 'healthy' && check.age > duration('5m')" },
        { id: 'e3', script: "component.health == 'healthy'" },
      ],
    });
  });

  it('keeps the manual Add disabled while the text is empty', () => {
    const onAdd = openWizard([evidence]);
    fireEvent.click(screen.getByRole('radio', { name: 'Manual', hidden: true }));
    fireEvent.click(button('Next'));
    expect(button('Add')).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Definition of done', hidden: true }), { target: { value: 'Customers confirm' } });
    fireEvent.click(button('Add'));
    expect(onAdd).toHaveBeenCalledWith({ mode: 'manual', text: 'Customers confirm' });
  });
});
