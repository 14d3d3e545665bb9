import { emailProblem } from './email';

describe('emailProblem', () => {
  it.each(['lan@example.com', 'a.b+c@mail.co.vn', '  lan@example.com  '])('accepts %s', (email) => {
    expect(emailProblem(email)).toBeUndefined();
  });
  it.each(['lan', 'lan@', '@example.com', 'lan@example', 'lan @example.com', 'lan@example..com', 'lan@@example.com'])(
    'rejects %s',
    (email) => {
      expect(emailProblem(email)).toBe('invalid');
    },
  );
  it('reports an empty field as missing', () => {
    expect(emailProblem('   ')).toBe('missing');
  });
});
