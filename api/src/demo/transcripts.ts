/**
 * What was said on a call and what the QC bot made of it: a short
 * transcript per vertical and outcome, with its disposition, sub-disposition,
 * reason and summary.
 */
import type { Vertical } from './market-catalogue';
import { DISPOSITION_OF, ODD_STATUSES, Outcome } from './outcomes';
import type { Prng } from './prng';

export const AGENTS = ['Maria', 'James', 'Keisha', 'Daniel', 'Priya', 'Carlos', 'Megan', 'Tyrone', 'Ashley', 'Kevin', 'Rosa', 'Brian', 'Jasmine', 'Eric', 'Linda', 'Marcus'];
export const CALLERS = ['Robert', 'Patricia', 'Michael', 'Barbara', 'William', 'Dorothy', 'Richard', 'Gloria', 'Joseph', 'Shirley', 'Charles', 'Deborah', 'Thomas', 'Yolanda', 'Luis', 'Brenda', 'Gary', 'Tanya', 'Frank', 'Denise'];

interface VerticalScript {
  greet(buyer: string, agent: string): string;
  qualify: string[];
  answer: string[];
  offer: string[];
  close: string[];
  saleSubs: string[];
  saleDone: string;
  /** [sub_disposition, the caller's line, the reason]. */
  notQualified: Array<[string, string, string]>;
}

export const SCRIPTS: Record<Vertical, VerticalScript> = {
  insurance: {
    greet: (b, a) => `Thank you for calling ${b}, my name is ${a} and I'm a licensed agent. Who am I speaking with?`,
    qualify: ['Happy to help. Can you confirm your ZIP code and date of birth?', 'Sure. Are you currently covered by any plan, and what ZIP code are you in?'],
    answer: ["It's 33612, and I was born in March of '57.", "I'm in 85032. I had a plan through work but I retired in June."],
    offer: ['I found two plans in your area with a zero dollar premium, and one includes dental.', 'There is a plan here that keeps your doctors in network and lowers your copays.'],
    close: ["I've submitted your application. You'll get a confirmation letter within ten days.", "You're all set. Your coverage starts on the first of next month."],
    saleSubs: ['Enrolled', 'Application submitted', 'Policy issued'],
    saleDone: 'enrolled the caller in a plan',
    notQualified: [
      ['Has employer coverage', 'I actually have coverage through my job already.', 'Caller already has employer-sponsored coverage.'],
      ['Outside licensed states', "I'm calling from Puerto Rico, is that okay?", 'Caller is outside the states the agency is licensed in.'],
      ['Age requirement not met', "I'm 58, does that matter?", 'Caller does not meet the age requirement.'],
      ['No payment method', "I don't have a bank account or a card.", 'Caller has no way to pay the premium.'],
    ],
  },
  home: {
    greet: (b, a) => `Thanks for calling ${b}, this is ${a}. What can we help you with today?`,
    qualify: ['We can get someone out there. Do you own the home, and what is the address?', 'Sure thing. Is this your own house, and how soon do you need someone?'],
    answer: ["Yes, I own it. It's on Maple Street.", "It's my house, and as soon as possible please."],
    offer: ['A technician is free tomorrow morning. The service call is $79, waived if you go ahead with the work.', 'We can do a free estimate this week. Would Thursday afternoon work?'],
    close: ["You're booked for tomorrow between 8 and 10 a.m. The technician will call 30 minutes ahead.", "Thursday at 2 p.m. is confirmed. You'll get a text reminder."],
    saleSubs: ['Appointment booked', 'Estimate scheduled', 'Job sold'],
    saleDone: 'booked a visit',
    notQualified: [
      ['Renter', "I'm renting, the landlord doesn't know I'm calling.", 'Caller is a renter, not the homeowner.'],
      ['Outside service area', "I'm out in the county, about 60 miles from the city.", 'Address is outside the service area.'],
      ['Commercial property', "It's for the restaurant I manage.", 'Commercial job; the buyer takes residential work only.'],
      ['Job too small', "I just need one part, I'll put it in myself.", "Job is below the buyer's minimum."],
    ],
  },
  legal: {
    greet: (b, a) => `${b}, this is ${a} with the intake team. Are you calling about a possible case?`,
    qualify: ["I'm sorry to hear that. When did it happen, and did you get medical treatment?", 'I understand. Was anyone else involved, and was a report filed?'],
    answer: ['About three weeks ago. I went to urgent care the same day.', 'Yes, the police came and wrote a report. My back still hurts.'],
    offer: ['From what you told me you may have a case. An attorney can review it at no cost to you.', 'This is the kind of case our attorneys take on, and there is no fee unless we win.'],
    close: ["I've sent the retainer to your email. An attorney will call you today.", 'Your consultation is set for tomorrow at 10. Please bring any medical records.'],
    saleSubs: ['Retainer signed', 'Consultation booked', 'Case accepted'],
    saleDone: 'signed the caller up for a consultation',
    notQualified: [
      ['Already represented', 'I already have a lawyer, but he never calls me back.', 'Caller is already represented by counsel.'],
      ['Statute of limitations', 'This was back in 2016.', 'Incident is outside the statute of limitations.'],
      ['No injury or treatment', "I wasn't hurt, I just want the car fixed.", 'No injury and no medical treatment.'],
      ['Outside practice area', "It's about my divorce, actually.", "The matter is outside the firm's practice area."],
    ],
  },
};

export interface Script {
  lines: string[] | null;
  disposition: string | null;
  sub: string | null;
  reason: string | null;
  summary: string | null;
}

export interface Scene {
  rng: Prng;
  outcome: Outcome;
  script: VerticalScript;
  need: string;
  product: string;
  buyer: string;
  agent: string;
  caller: string;
}

const agentSays = (text: string) => `Agent: ${text}`;
const callerSays = (text: string) => `Caller: ${text}`;

/** The transcript and the QC bot's verdict for one call. */
export function scriptFor(s: Scene): Script {
  const { rng, script: v } = s;
  const greet = agentSays(v.greet(s.buyer, s.agent));
  const ask = callerSays(`Hi, this is ${s.caller}. I'm calling about ${s.need}.`);
  const verdict = (lines: string[], sub: string | null, reason: string, summary: string): Script => ({
    lines,
    disposition: s.outcome === Outcome.Odd ? rng.pick(ODD_STATUSES) : (DISPOSITION_OF[s.outcome] as string),
    sub,
    reason,
    summary,
  });
  switch (s.outcome) {
    case Outcome.Sales: {
      const sub = rng.pick(v.saleSubs);
      return verdict(
        [greet, ask, agentSays(rng.pick(v.qualify)), callerSays(rng.pick(v.answer)), agentSays(rng.pick(v.offer)), callerSays("That sounds good, let's do it."), agentSays(rng.pick(v.close)), callerSays('Thank you so much.')],
        sub,
        `Caller qualified and ${v.saleDone} (${sub.toLowerCase()}).`,
        `${s.caller} called about ${s.need}. ${s.agent} qualified them and ${v.saleDone}; the caller agreed to next steps.`,
      );
    }
    case Outcome.NotInterested: {
      const sub = rng.chance(0.4) ? rng.pick(['Price shopping', 'Already has a provider', 'Changed mind']) : null;
      return verdict(
        [greet, ask, agentSays(rng.pick(v.offer)), callerSays(rng.pick(["I'm just looking around for now.", "That's more than I wanted to spend.", "I think I'll keep what I have."])), agentSays('No problem, feel free to call us back anytime.')],
        sub,
        'Caller declined the offer after hearing the details.',
        `${s.caller} asked about ${s.need} but declined once ${s.agent} explained the offer.`,
      );
    }
    case Outcome.NotQualified: {
      const [sub, line, reason] = rng.pick(v.notQualified);
      return verdict(
        [greet, ask, agentSays(rng.pick(v.qualify)), callerSays(line), agentSays("I'm sorry, we aren't able to help with that one.")],
        sub,
        reason,
        `${s.caller} called about ${s.need}. ${reason}`,
      );
    }
    case Outcome.Dnc:
      return verdict(
        [greet, callerSays(rng.pick(['Take me off your list. Stop calling me.', 'I never asked for this, put me on your do not call list.'])), agentSays("I'm sorry about that. I've removed your number.")],
        rng.chance(0.5) ? rng.pick(['Requested removal', 'Threatened complaint']) : null,
        'Caller asked to be placed on the do-not-call list.',
        `${s.caller} asked not to be contacted again; ${s.agent} confirmed the removal.`,
      );
    case Outcome.Voicemail:
      return verdict(
        [`System: You've reached ${s.buyer}. All of our agents are busy or our office is closed. Please leave a message after the tone.`, '[tone]', callerSays(`Hi, I'm calling about ${s.need}. Please call me back.`)],
        null,
        "The call reached the buyer's voicemail; no live agent.",
        `The call went to ${s.buyer}'s voicemail and the caller left a short message.`,
      );
    case Outcome.TechIssues:
      return verdict(
        [greet, '[inaudible]', agentSays("Hello? I'm sorry, you're breaking up."), callerSays('Can you hear me? Hello?'), '[call dropped]'],
        rng.chance(0.7) ? rng.pick(['One-way audio', 'Dropped transfer', 'Static on the line']) : null,
        'Audio problems prevented a conversation.',
        `Poor audio on the line; ${s.agent} and the caller could not hear each other.`,
      );
    case Outcome.Dwspi:
      return verdict(
        [greet, ask, agentSays(rng.pick(v.qualify)), callerSays('Let me just find my paperwork, one sec.'), '[call disconnected]'],
        null,
        'Call disconnected while the caller was speaking with the agent.',
        `${s.caller} was talking with ${s.agent} about ${s.need} when the call disconnected.`,
      );
    case Outcome.Unresponsive:
      return verdict(
        [greet, '[silence]', agentSays('Hello? Is anyone there?'), '[silence]', agentSays("I can't hear anyone, I'm going to release the line.")],
        null,
        'No response from the caller.',
        `${s.agent} answered but nobody spoke on the caller's side.`,
      );
    case Outcome.Hungup: {
      const target = rng.chance(0.7);
      return verdict(
        target
          ? [greet, ask, agentSays("Oh, we don't handle that here."), '[agent disconnected]']
          : [greet, callerSays('Hold on, I have another call coming in—'), '[caller disconnected]'],
        target ? 'Target hung up' : 'Caller hung up',
        target ? "The buyer's agent ended the call early." : 'The caller hung up before the agent could help.',
        target ? `${s.agent} hung up on ${s.caller} shortly after the greeting.` : `${s.caller} hung up during the greeting.`,
      );
    }
    case Outcome.Callback:
      return verdict(
        [greet, ask, callerSays("Actually, I can't talk right now. Can you call me back tomorrow afternoon?"), agentSays("Of course. I've scheduled a callback for tomorrow at 2.")],
        rng.chance(0.7) ? rng.pick(['Callback scheduled', 'Caller busy']) : null,
        'Caller asked to be called back later.',
        `${s.caller} asked ${s.agent} for a callback about ${s.need}.`,
      );
    case Outcome.Ivr:
      return verdict(
        [`IVR: Thank you for calling ${s.buyer}. For new customers, press 1. For existing customers, press 2.`, '[caller pressed 1]', 'IVR: Please hold while we connect you.', '[call ended in queue]'],
        null,
        'The call stayed in the automated menu and never reached a person.',
        `The caller went through ${s.buyer}'s phone menu and ended the call while on hold.`,
      );
    case Outcome.Subsidy:
      return verdict(
        [greet, callerSays(rng.pick(['The ad said I get a $500 gift card for calling. How do I claim it?', 'I was told I qualify for a free grocery card, is that you?'])), agentSays("I'm sorry, there's no gift for calling us."), callerSays("Then I'm not interested.")],
        null,
        'Caller was motivated by an incentive rather than the product.',
        `${s.caller} called for a promised incentive, not for ${s.product.toLowerCase()}.`,
      );
    case Outcome.LanguageBarrier:
      return verdict(
        [greet, callerSays(rng.pick(['Hola, ¿hay alguien que hable español?', 'Xin chào, tôi không nói tiếng Anh giỏi.', 'Bonjour, je ne parle pas bien anglais.'])), agentSays("I'm sorry, we don't have an agent for that language right now.")],
        null,
        'Caller and agent had no language in common.',
        `${s.agent} could not help ${s.caller}: no agent spoke the caller's language.`,
      );
    case Outcome.Misdialed:
      return verdict(
        [greet, callerSays(rng.pick(['Oh, sorry, I was trying to reach my pharmacy.', 'Is this the bank? Sorry, wrong number.']))],
        null,
        'Caller dialed the wrong number.',
        `${s.caller} reached ${s.buyer} by mistake and ended the call.`,
      );
    case Outcome.Odd:
      return verdict(
        [greet, ask, agentSays('Let me transfer you to the right department, please hold.'), '[transfer]'],
        null,
        'The QC result did not match a standard disposition.',
        `${s.caller} asked about ${s.need}; ${s.agent} transferred the call.`,
      );
    case Outcome.NoConnect: {
      // Nothing to listen to: the bot gives a verdict on most of them and skips the rest.
      const roll = rng.next();
      if (roll < 0.3) return { lines: null, disposition: null, sub: null, reason: null, summary: null };
      const abandoned = roll < 0.75;
      return {
        lines: null,
        disposition: abandoned ? 'Unresponsive' : 'Tech Issues',
        sub: abandoned ? 'Abandoned before connect' : rng.pick(['No buyer available', 'Routing failure']),
        reason: 'The call never connected to a buyer.',
        summary: abandoned ? 'The caller hung up while the call was being routed.' : 'No target accepted the call.',
      };
    }
  }
}
