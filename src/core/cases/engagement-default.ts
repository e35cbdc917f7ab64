/**
 * The engagement letter a firm sends until it saves its own (Settings → Engagement letter;
 * docs/decisions/121): a forensic engineering expert's terms, with every placeholder in use.
 */
export const DEFAULT_ENGAGEMENT_TEMPLATE = `{{today}}

{{client}}
Attention: {{client_contact}}
{{client_address}}

Re:  {{case_name}}
     Our file: {{file_number}}
     Claim number: {{claim_number}}
     Policy number: {{policy_number}}
     Date of loss: {{date_of_loss}}
     Loss location: {{loss_address}}
     Side retained: {{retained_side}}

Dear {{client_contact}}:

Thank you for selecting {{firm_name}} to provide forensic engineering and consulting services in the matter above. This letter sets out the terms on which we accept the engagement.

PARTIES
As we understand it, the parties to this matter are:
{{parties}}

We have checked our records for conflicts of interest with the parties named above. Please tell us at once if another party joins the matter, so that we can check again.

SCOPE OF SERVICES
We will examine the loss at {{loss_address}}, review the documents and information you provide, carry out the investigation, testing and analysis that we consider necessary, and report our findings and opinions as you request. If asked, we will prepare for and give testimony at deposition, hearing or trial. Our opinions will be our own, formed independently on the evidence, and our fees do not depend on the opinions we reach or on the outcome of the matter.

FEES AND EXPENSES
Our services are billed by the hour, in tenths of an hour, at these rates:
{{rates}}

Time spent travelling, in deposition or at trial, including waiting time, is billed at the same rates, except as these fee rules provide:
{{fee_rules}}

Expenses such as travel, laboratory testing, equipment and reproduction are billed at cost. We send invoices monthly; they are due within 30 days of their date.

RETAINER
Before work begins we ask for a retainer of {{retainer_requested}}. The retainer is held in trust and applied to our final invoice; any part of it not used is returned to you.

EVIDENCE AND RECORDS
Evidence we collect is kept in our custody under a written chain of custody and is released, returned or disposed of only on your written instruction. Our working files are kept for at least seven years after the matter closes.

TERMINATION
Either of us may end this engagement by written notice. Fees and expenses incurred up to the date of the notice remain due.

If these terms are acceptable, please sign below and return a copy of this letter to us together with the retainer. We look forward to working with you.

Sincerely,

{{firm_name}}



ACCEPTED AND AGREED

{{client}}

Signature: ________________________________

Name and title: ___________________________

Date: _____________________________________
`;
