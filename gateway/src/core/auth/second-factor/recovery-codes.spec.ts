import { hashRecoveryCode, newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';

describe('recovery codes', () => {
  it('are four groups of four from an alphabet without look-alikes, and all different', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{4}(-[0-9abcdefghjkmnpqrstvwxyz]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(RECOVERY_CODE_COUNT).toBe(10);
  });

  it('read the same typed in capitals, with spaces or without dashes, and with look-alike letters', () => {
    const code = 'ab1d-0fgh-jkmn-pqrs';
    expect(normalizeRecoveryCode(' AB1D 0FGH-JKMN PQRS ')).toBe('ab1d0fghjkmnpqrs');
    expect(hashRecoveryCode('ABlD-OFGH-JKMN-PQRS')).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode('ABID0FGHJKMNPQRS')).toBe(hashRecoveryCode(code));
  });

  it('store a hash that is not the code', () => {
    const code = newRecoveryCode();
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code)).not.toContain(normalizeRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toBe(hashRecoveryCode(newRecoveryCode()));
  });
});
