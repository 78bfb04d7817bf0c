/**
 * A pure function's answers, kept by input. The dashboard asks the same few
 * questions of the New York clock on every request (where today starts, which
 * day a range boundary falls on); working each one out with luxon's time-zone
 * arithmetic cost several percent of the server's CPU with a team refreshing
 * at once, and the answers never change. The inputs seen are few (range
 * boundaries are whole days and hours), so the cache is simply emptied when
 * it reaches `maxEntries` rather than ordered by use.
 */
export function memoizePure<Input extends string | number, Output>(compute: (input: Input) => Output, maxEntries = 1000): (input: Input) => Output {
  const answers = new Map<Input, Output>();
  return (input) => {
    if (answers.has(input)) return answers.get(input) as Output;
    const answer = compute(input);
    if (answers.size >= maxEntries) answers.clear();
    answers.set(input, answer);
    return answer;
  };
}
