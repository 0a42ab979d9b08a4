import { render, screen } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
import { MentionText } from './MentionText';
import { mentionMarkup, mentionQueryAt, parseMentions, withMentionMarkup } from './mentions';

describe('mentions', () => {
  it('splits text and @[display](user:id) markup into segments', () => {
    expect(parseMentions('Ping @[Ada Lovelace](user:u1) and @[Bob](user:u2)!')).toEqual([
      { kind: 'text', text: 'Ping ' },
      { kind: 'mention', display: 'Ada Lovelace', userId: 'u1' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', display: 'Bob', userId: 'u2' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves text without mentions as one segment and incomplete markup as text', () => {
    expect(parseMentions('plain @[half](user:')).toEqual([{ kind: 'text', text: 'plain @[half](user:' }]);
  });

  it('builds markup that cannot be broken by brackets in a name', () => {
    expect(mentionMarkup({ id: 'u9', name: 'Eve [admin]' })).toBe('@[Eve admin](user:u9)');
  });

  it('finds the @word being typed at the caret', () => {
    expect(mentionQueryAt('hello @ad', 9)).toEqual({ start: 6, query: 'ad' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('no mention', 10)).toBeNull();
  });

  it('renders mentions as styled spans and the rest as text', () => {
    render(
      <TestProviders>
        <MentionText text="Thanks @[Ada](user:u1)" />
      </TestProviders>,
    );
    const mention = screen.getByTestId('mention');
    expect(mention).toHaveTextContent('@Ada');
    expect(mention).toHaveAttribute('data-user-id', 'u1');
  });

  it('renders an injection attempt in a mention as text, never as HTML', () => {
    const { container } = render(
      <TestProviders>
        <MentionText text={'@[<img src=x onerror=alert(1)>](user:1) and <b>bold</b>'} />
      </TestProviders>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('mention')).toHaveTextContent('@<img src=x onerror=alert(1)>');
    expect(container).toHaveTextContent('and <b>bold</b>');
  });
});

describe('withMentionMarkup', () => {
  it('turns each picked person’s @Name into markup, longer names first and only whole tokens', () => {
    const ann = { id: 'a1', name: 'Ann' };
    const annLee = { id: 'a2', name: 'Ann Lee' };
    expect(withMentionMarkup('hi @Ann Lee and @Ann, not @Annie', [ann, annLee])).toBe('hi @[Ann Lee](user:a2) and @[Ann](user:a1), not @Annie');
    expect(withMentionMarkup('no one picked @Ann', [])).toBe('no one picked @Ann');
    expect(withMentionMarkup('@[Ann](user:a1) already', [ann])).toBe('@[Ann](user:a1) already');
  });
});
