import type { Dealer } from "../../../domain/dealer";
import type { PageContentInput } from "../../../domain/content/content-schemas";

/**
 * The content pages' words on a fresh install: the pages as the site has always shown them,
 * in Markdown. A word in braces ({legalName}, {address}) is the dealer's detail of that name,
 * filled in when the page is shown (site-content.ts), so a change of phone number or address
 * reaches every page; the few sentences only some dealers can say are written in here from
 * the dealer file at the first start.
 */
export function pageSeeds(dealer: Dealer): Record<string, PageContentInput> {
  const decades = Math.floor((new Date().getFullYear() - dealer.tradingSince) / 10) * 10;
  const decadesClause = decades >= 10 ? `: more than ${decades} years of selling vehicles to local drivers and businesses` : "";
  const familyRunClause = dealer.familyRun ? " The business is family-run." : "";
  const social = Object.entries(dealer.social);
  const socialLinks =
    social.length > 0
      ? `Customers also comment on our social media pages:\n\n${social.map(([name, url]) => `- [{name} on ${name.charAt(0).toUpperCase()}${name.slice(1)}](${url})`).join("\n")}\n\n`
      : "";
  return {
    about: {
      heading: "About {name}",
      lede: `{tagline}.`,
      body: `## Who we are

We are a dealership in {town}, trading since {tradingSince}${decadesClause}.${familyRunClause} We sell cars, vans and trucks, new and used, and arrange the finance to pay for them.

We would rather sell you the right vehicle than the most expensive one, so we take time to understand what you need it for, what you want to spend each month and how long you plan to keep it.

## What we sell

- **Cars**: new and used hatchbacks, estates, SUVs and family cars, including electric and hybrid models. [Search our cars](/car-search).
- **Vans**: panel vans, crew vans, dropsides, Lutons and pick-ups for tradespeople and fleets. [Search our vans](/van-search).
- **Trucks**: rigid trucks and tractor units for hauliers and operators of every size. [Search our trucks](/truck-search).

You can part-exchange your current vehicle with us: [ask for a valuation](/part-exchange).

## Finance

We arrange finance as a credit broker, not a lender: we introduce you to lenders who decide whether to offer you credit and on what terms. Finance is subject to status and available to UK residents aged 18 and over. {legalName} is authorised and regulated by the Financial Conduct Authority, firm reference number {fcaFirmReference}; you can check this on the [FCA register](https://register.fca.org.uk/).

[How our finance works](/finance-info)

## Visit or get in touch

Come and see us, or call, e-mail or message us: we are happy to answer questions before you decide anything.

{address}

[Contact us](/contact)

{legalName}, company number {companyNumber}. Registered office: {registeredOffice}.
`,
      seo: {
        title: "About us",
        description: `Who we are: a ${dealer.familyRun ? "family-run " : ""}dealership in {town} selling new and used cars, vans and trucks, with finance arranged as a credit broker.`,
        noindex: false,
      },
    },
    articles: {
      heading: "Buying guides",
      lede: `Practical advice from our team on choosing and checking your next car, van or truck.`,
      body: `- [Buying a used car](#cars)
- [Choosing a van](#vans)
- [Checking a used truck](#trucks)
- [Leasing or buying?](#leasing)

## Buying a used car {#cars}

### Check its history

Ask to see the V5C registration certificate (the logbook) and check that the registration, vehicle identification number (VIN) and colour match the car. You can see every MOT test a car has had, with the mileage recorded at each and any advisory notes, free on [GOV.UK's MOT history service](https://www.gov.uk/check-mot-history). A steady rise in mileage from test to test is what you want to see.

A history check tells you whether a car has outstanding finance, has been recorded as stolen or has been written off by an insurer. Ask the seller whether one has been done, and ask to see it.

### Read the service record

Look for regular servicing at the intervals the manufacturer sets, by stamps in the book, invoices or a manufacturer's digital record. Check that big jobs have been done when they were due, such as a timing belt change, and that any safety recalls have been carried out.

### On the test drive

- Start the engine from cold if you can, and watch for warning lights that stay on.
- Listen for knocks over bumps, and feel for a clutch that bites high or a gearbox that crunches.
- Check that the car brakes in a straight line and the steering doesn't pull.
- Try the air conditioning, windows, lights and every other electrical feature.
- Check the tyres: at least 1.6 mm of tread is the legal minimum, and they should wear evenly.

### Electric and hybrid cars

Ask for a battery health report showing how much of its original capacity the battery keeps, and check that the charging cables are included. Many manufacturers warrant the battery for longer than the rest of the car, so check how much of that warranty remains.

[Search our cars](/car-search) or see our [electric cars](/car-search?fuelType=Electric).

## Choosing a van {#vans}

### Pick the body for the job

- **Panel van**: an enclosed, lockable load area. The choice of most trades and delivery drivers.
- **Crew van**: a second row of seats behind the driver, for taking a team and their tools.
- **Dropside or tipper**: an open body for building materials, waste and landscaping.
- **Luton**: a tall box body, often with a tail lift, for bulky loads and removals.
- **Double-cab pick-up**: five seats and an open load bed. Since April 2025 most are taxed as cars for company car tax and capital allowances, so check with your accountant before buying one for your business.

### Wheelbase and roof height

Vans come in short, medium, long and extra-long wheelbases (SWB, MWB, LWB and XLWB) and often in more than one roof height. Measure the longest and tallest things you carry, and check the load length, the width between the wheel arches and the size of the side and rear door openings. A bigger van costs more to run and is harder to park, so don't buy more space than you need.

### Payload and your licence

Payload is what a van can legally carry: its gross vehicle weight less its own weight. Overloading is an offence and wears out brakes and suspension. Most vans have a gross weight of up to 3,500 kg and can be driven on a car licence; heavier ones need a C1 entitlement.

### Checking a used van

Vans work hard. Look for a full service history, a clutch that doesn't slip, damage inside the load area and to the bulkhead, and a ply-lined floor and sides that have protected the bodywork. On a modern diesel, ask whether it has done mostly short trips, which can clog the diesel particulate filter.

[Search our panel vans](/van-search?bodyType=Panel%20Van) or [all our vans](/van-search).

## Checking a used truck {#trucks}

### Operator's licence

To use goods vehicles over 3.5 tonnes gross weight for your business you need an operator's licence (an O-licence) from the traffic commissioner. It limits how many vehicles you may operate, so make sure yours has room for another before you buy.

### Annual test and plating

Trucks take an annual test, the lorry equivalent of the MOT, at a test centre authorised by the DVSA. Ask for the current test certificate and the plating certificate, which sets the maximum legal weights for the truck and each axle, and make sure those weights suit the loads you carry.

### Tachograph

The tachograph must work and be recalibrated every two years: check the date on the calibration plaque. If the truck will travel to the EU, it needs a second-generation smart tachograph.

### Mechanical checks

- Service records and the speed limiter plate.
- Its emission standard: many clean air zones charge trucks below Euro VI.
- Rust on the chassis, tyres and their wear, air leaks and brake condition.
- On a tractor unit, wear on the fifth wheel; on a rigid, the body and any tail lift, with its latest examination report.

### Your drivers' licences

Trucks between 3.5 and 7.5 tonnes need a C1 entitlement, heavier rigids a C, and articulated lorries a C+E. Drivers who drive for a living also need a Driver Certificate of Professional Competence.

[Search our trucks](/truck-search) or [our tractor units](/truck-search?bodyType=Tractor%20Unit).

## Leasing or buying? {#leasing}

**Leasing** (contract hire) gets you a new vehicle for a fixed monthly rental, with little to pay up front and no worry about what it will be worth later. But you never own it, you agree a mileage limit, and you pay for extra miles or damage when you hand it back. Ending a lease early is expensive.

**Buying**, outright or on hire purchase, means the vehicle is yours to keep, drive as far as you like, modify or sell whenever you want, but you bear the loss in value as it ages.

**Personal Contract Purchase** sits between the two: lower monthly payments like a lease, with the choice to buy the vehicle at the end.

Read [leasing explained](/leasing) and [how vehicle finance works](/finance-info), or see our [car leasing](/cars/leasing) and [van leasing](/vans/leasing) pages.
`,
      seo: {
        title: "Buying guides",
        description: "Plain guides to buying a used car, choosing a van, checking a used truck and deciding between leasing and buying.",
        noindex: false,
      },
    },
    complaints: {
      heading: "Complaints",
      lede: `If we've got something wrong, we want to put it right. This is how to tell us, and what happens next.`,
      body: `## How to complain

You can complain in whatever way suits you: by phone, by e-mail, by letter or in person. Our details are on the [contact page](/contact). Someone can complain on your behalf if you give them your permission.

It helps us to sort things out quickly if you tell us:

- your name and how you'd like us to contact you
- the vehicle's registration, or your order or finance agreement details
- what went wrong, and when
- what you would like us to do to put it right

If you need any help to make your complaint, or would like us to communicate with you in a different way, just ask.

## What happens next

Wherever we can, someone who wasn't involved in what went wrong will look into your complaint. They will treat it fairly and keep you informed along the way.

### Complaints we resolve within three business days

If we settle your complaint to your satisfaction by the end of the third business day after we receive it, we'll send you a summary resolution: a written confirmation that it is resolved. It also tells you that if you later decide you aren't happy, you may be able to refer the complaint to the Financial Ombudsman Service.

### Other complaints

We'll confirm that we've received your complaint and investigate it. Within eight weeks of receiving it we'll send you our final response, explaining what we found and what we'll do, or a letter explaining why we aren't yet able to give one and when we expect to. Our final response tells you about your right to go to the Financial Ombudsman Service.

## The Financial Ombudsman Service

If you aren't happy with our final response, or eight weeks have passed without one, you may be able to refer your complaint to the Financial Ombudsman Service. It settles complaints about financial services, including finance we have arranged, independently and free of charge to you. It can help most individuals and small businesses.

You must refer your complaint within six months of the date of our final response. There are also general time limits: normally six years from the event you are complaining about, or three years from when you knew, or should have known, that you had cause to complain.

- Website: [financial-ombudsman.org.uk](https://www.financial-ombudsman.org.uk/)
- Phone: 0800 023 4567
- Post: Financial Ombudsman Service, Exchange Tower, London E14 9SR

## Complaints about a vehicle

If you bought the vehicle with hire purchase, conditional sale or personal contract purchase, the finance company supplied it to you in law and shares responsibility for its quality. You can complain to the finance company as well as to us, and it follows the same timescales.

If you paid for the vehicle without finance and we can't settle your complaint, our final response will tell you whether an independent dispute resolution scheme can consider it. Citizens Advice can also give you free advice about your rights.

{legalName} is authorised and regulated by the Financial Conduct Authority, firm reference number {fcaFirmReference}.
`,
      seo: {
        title: "Complaints",
        description: "How to complain, how we handle it, how long it takes, and when you can go to the Financial Ombudsman Service.",
        noindex: false,
      },
    },
    cookies: {
      heading: "Cookie policy",
      lede: `This website sets no cookies, and uses no analytics, tracking or advertising tools. That's why we don't ask you to accept cookies when you arrive.`,
      body: `## What cookies are

Cookies are small files that a website saves in your browser, so that it can recognise your browser when you come back. They are often used to follow what people do online and to target advertising. Similar technologies, such as tracking pixels and browser storage, can do the same.

## What this website keeps in your browser

No cookies. While you browse, the site keeps two small notes in your browser's session storage: how far down each page you had scrolled, so that the Back button returns you to the same place, and which version of the site you loaded, so that pages still work after we update it. They never leave your device, identify nobody, and are deleted when you close the tab.

Your browser may also keep copies of our pages and pictures so that they load faster next time. That is your browser's own cache, and nothing in it is used to track you.

## Other websites

If you follow a link from our site to another one, such as our messaging service, our social media pages or a regulator's website, that site may set its own cookies. Its own cookie policy explains them.

## Controlling cookies

Every browser lets you see and delete cookies and site data, and block them, in its settings. Blocking them makes no difference to this website.

## If this changes

Before we add any cookie or similar technology to this website, we'll update this page to describe it and, where the law requires, ask for your agreement first and let you change your mind later.

Questions about cookies or your privacy? Read our [privacy policy](/privacy) or [contact us](/contact).
`,
      seo: {
        title: "Cookie policy",
        description:
          "This website sets no cookies and uses no tracking, analytics or advertising tools. Here is what it does keep in your browser.",
        noindex: false,
      },
    },
    leasing: {
      heading: "Leasing explained",
      lede: `Leasing lets you drive a new car, van or truck for a fixed monthly rental, then hand it back and choose another. Here is how it works, and what to check before you sign.`,
      body: `## How contract hire works

Leasing is usually arranged as contract hire: a finance company buys the vehicle and rents it to you for an agreed time, typically two to four years. You pay an initial rental at the start, often equal to three, six or nine monthly rentals, and then a fixed rental each month. At the end you hand the vehicle back. You never own it, so you don't have to worry about what it will be worth.

Road tax for the contract is normally included. Servicing, maintenance and tyres can be added for a higher monthly rental. You arrange and pay for the insurance.

## Personal or business?

### Personal contract hire

For private drivers. Rentals include VAT, and the agreement is a regulated consumer hire agreement, so consumer credit law protects you: for example, you must be given clear information about it before you sign.

### Business contract hire

For companies, sole traders and partnerships. Rentals are quoted excluding VAT. A VAT-registered business can normally reclaim all the VAT on the rentals of a van, and half of it on a car that is also used privately. Your accountant can tell you how rentals are treated for tax.

## Mileage limits

Every lease has an annual mileage allowance, chosen when you order: the more miles, the higher the rental. If you go over it, you pay a charge for each extra mile, shown in your agreement. Estimate your mileage honestly; it usually costs less to choose a higher allowance at the start than to pay for extra miles at the end.

## At the end of the contract

The vehicle is collected and inspected. Wear and tear that is normal for its age and mileage is fine; the industry guide most lease companies follow, from the BVRLA, explains what counts as fair. Damage beyond that, such as dents, deep scratches or kerbed wheels, and any missing service history, is charged for. Having small damage repaired before the inspection often costs less.

Ending a lease early is possible, but you will usually pay a termination charge of a large part of the remaining rentals, so choose a term you are confident of.

## Find your lease

- [Car leasing](/cars/leasing)
- [Van leasing](/vans/leasing)
- [Truck leasing](/trucks/leasing)
- [Leasing or buying? Our guide](/articles#leasing)
- [All our finance options compared](/finance-info#options)
`,
      seo: {
        title: "Leasing explained",
        description: "How car and van leasing works: personal or business contract hire, initial rentals, mileage limits and handing back.",
        noindex: false,
      },
    },
    privacy: {
      heading: "Privacy policy",
      lede: `This policy explains what personal information we collect when you use our website or deal with us, what we do with it, and the rights you have under UK data protection law (the UK GDPR and the Data Protection Act 2018).`,
      body: `## Who we are

{legalName} (company number {companyNumber}), {address}, is the controller of your personal information: we decide how it is used and are responsible for looking after it. If you have any question about this policy or your information, [contact us](/contact).

## What we collect and why

### When you get in touch

When you call, e-mail or message us, we keep your name, contact details and what you tell us, so that we can answer you and keep a record of what was agreed. We may record telephone calls for training, quality and record-keeping.

### When you apply for finance

Our finance application asks for your name, date of birth, contact details, address and how long you have lived there, your marital and residential status, your employment and income, and the vehicle you want. We use it to find lenders who may offer you credit and to pass your application to them. We need it to take the steps you ask for before entering into an agreement.

Lenders will search your records at credit reference agencies and may check fraud prevention databases. Each lender decides what to do with your application and explains how it uses your information in its own privacy notice, which you'll be given when you apply.

### When you buy a vehicle

We use your details to complete the sale, register you as the vehicle's keeper with the DVLA, arrange any warranty, and keep the records that tax and consumer law require us to keep.

### When you use a form on this website

- **Part-exchange valuation**: your vehicle's registration, mileage and condition, your name, e-mail address, phone number and postcode, so that we can value your vehicle and contact you with an offer.
- **Newsletter**: your e-mail address and a record of your agreement, so that we can send you our newsletter. We only send it because you asked us to; you can unsubscribe at any time using the link in any newsletter or by contacting us.
- **Feedback**: your comments, the page you sent them from and, if you choose to give it, your e-mail address so that we can reply. We use feedback to improve our website and service.

### When you visit this website

Our web server records each page request (the address asked for, when, and the result) to keep the site working and secure; these records don't include your IP address. To stop our forms being misused, the server counts form submissions from each IP address for a short time, in memory only. This website sets no cookies and uses no tracking or advertising tools: see our [cookie policy](/cookies).

## Our legal reasons for using your information

- **Contract**: to sell you a vehicle, value your part exchange, or take the steps you ask for before a contract, such as applying for finance.
- **Legal obligation**: to keep accounting and tax records, register vehicles, meet financial regulation and prevent fraud and money laundering.
- **Legitimate interests**: to answer enquiries, keep records of calls and of what was agreed, handle complaints, improve our service and keep our website secure. We only rely on this where it doesn't override your own interests and rights.
- **Consent**: to send you our newsletter. You can withdraw your consent at any time.

## Who we share it with

- lenders, when you ask us to apply for finance for you
- companies that provide services to us, such as our website hosting and the system that passes finance applications and valuation requests to our team, who may only use your information on our instructions
- the DVLA, warranty providers and manufacturers, when you buy a vehicle
- the police, HMRC, regulators and others, where the law requires us to

We never sell your personal information, and we don't share it with anyone for their own marketing.

If a service provider handles your information outside the UK, we make sure it is protected as UK law requires, for example by a country having UK adequacy regulations or by approved contract terms.

## How long we keep it

We keep information only as long as we need it. This website deletes finance applications and part-exchange requests automatically, normally 90 days after they arrive, and feedback after a year. We stop sending the newsletter as soon as you unsubscribe, and delete sign-ups at the latest two years after they were made. Records of sales and finance we arrange are kept for as long as tax law and financial regulation require, usually six years.

## Your rights

You have the right to:

- ask for a copy of the personal information we hold about you
- have information that is wrong or incomplete corrected
- have your information deleted, where we no longer have a reason to keep it
- ask us to limit how we use your information, or object to our using it
- receive information you gave us in a format you can pass to someone else
- withdraw your consent, where we rely on it, at any time
- ask for a person to review a decision made solely by automated means. We don't make such decisions, but lenders may use automated credit scoring; ask the lender if you would like its decision reviewed.

### Asking for a copy of your information

Getting a copy of your information is normally free. We'll reply within one month, or tell you within that month if we need up to two more months because your request is complex. We may charge a reasonable fee, or refuse, only if a request is clearly unfounded or excessive, for example a repeat of one we've just answered, or if you ask for further copies.

To make a request or use any of your rights, [contact us](/contact). We may ask you to prove your identity first, to protect your information.

## Complaints

If you are unhappy with how we have handled your information, please tell us first so that we can try to put it right. You also have the right to complain to the Information Commissioner's Office, the UK's data protection regulator, at [ico.org.uk](https://ico.org.uk/) or on 0303 123 1113.

## Changes to this policy

We'll update this page whenever we change how we use personal information.
`,
      seo: {
        title: "Privacy policy",
        description: "What personal information we collect, why, who we share it with, how long we keep it and your rights under UK GDPR.",
        noindex: false,
      },
    },
    reviews: {
      heading: "Reviews",
      lede: `The best guide to what we're like is what our customers say where we can't edit it. So rather than publish reviews we've picked ourselves, we point you to where you can read them.`,
      body: `## Read independent reviews

Search for "{name}" on independent review websites and on map services, where any customer can post a review and the business can't change or remove it. The most recent reviews tell you most about how we work today.

${socialLinks}## Leave a review

Bought from us? We'd be grateful if you wrote an honest review on an independent review site, good or bad. We never pay for reviews or offer anything in return for a good one.

To tell us directly what we did well or could do better, [send us your feedback](/feedback). If something has gone wrong, please [contact us](/contact) so that we can put it right, or read our [complaints procedure](/complaints).

## Reviews of vehicles

Choosing between models? Our [buying guides](/articles) explain what to look for in a used car, how to choose a van and what to check on a used truck. Our team is also happy to talk you through the vehicles we have in stock.
`,
      seo: {
        title: "Reviews",
        description: "Where to read independent reviews of our dealership, how to leave one, and where to find our guides to vehicles.",
        noindex: false,
      },
    },
    tcf: {
      heading: "Treating customers fairly",
      lede: `Treating our customers fairly is at the heart of how {name} works, whether you are buying a vehicle, arranging finance or asking for help after you've bought.`,
      body: `As a credit broker authorised by the Financial Conduct Authority, we follow its rules, including the Consumer Duty, which requires us to act to deliver good outcomes for our customers. This page explains what that means in practice.

## Our culture

Fair treatment is led by our directors and is part of every job here, not a task for one department. We judge ourselves by whether customers get the right vehicle and the right finance, on terms they understand, and not only by how many vehicles we sell.

## What we expect of our staff

- Be open and honest, and never pressure anyone into a decision.
- Explain vehicles, prices and finance clearly, including the costs and the risks.
- Only recommend finance that suits the customer's needs and circumstances.
- Give every customer time to read documents and ask questions before signing.
- Recognise when a customer may need extra support, and give it.
- Report anything that could lead to a customer being treated unfairly.

## The outcomes we aim for

1. You can be confident that treating you fairly is central to the way we do business.
2. The vehicles and finance we offer are designed for, and offered to, the people they suit.
3. You get clear information, and are kept informed before, during and after your purchase.
4. Any recommendation we make takes your circumstances into account.
5. What you buy performs as you were led to expect, and the price represents fair value.
6. You face no unreasonable barriers after you buy, whether you want to change your mind, make a claim, complain or settle your finance early.

## Checking we get it right

Our management regularly reviews information that shows how customers are being treated: complaints and their causes, cancelled agreements, feedback, and checks on a sample of sales and finance proposals. Where it shows a problem, we put it right for the customers affected and change how we work so that it doesn't happen again.

## Customers who need extra support

Anyone can find themselves in circumstances that make them more vulnerable: poor health, a bereavement, losing a job, money worries, or difficulty with reading, language or technology. Our staff are trained to notice when this may be the case and to adapt how they help, for example by giving more time, explaining things in another way, involving someone you trust, or pausing a sale.

If you'd like us to do anything differently to help you, please tell us. We'll only record what you share with your agreement, and only to help us support you.

## Recruitment and training

We recruit people for their honesty and their care for customers as well as their skills. Everyone who deals with customers is trained in fair treatment, and those who arrange finance are trained in the FCA's rules and assessed before they do so. Our pay and rewards don't encourage anyone to sell a product that doesn't suit the customer.

## Communications

Our adverts, website and documents are written to be clear, fair and not misleading. Finance adverts show a representative example, and we explain the key features of any agreement, including what happens if you can't keep up the payments, before you apply.

## Complaints

If something goes wrong, we want to hear about it. We handle every complaint promptly and fairly, and look for the cause so that we can stop it happening again. Our [complaints procedure](/complaints) explains how to complain and what happens next.

## Contact us

If you have a question about this policy, or you feel we haven't treated you fairly, e-mail us at {emailLink}.
`,
      seo: {
        title: "Treating customers fairly",
        description:
          "How we make sure every customer is treated fairly: our culture, our staff, the outcomes we aim for and extra support.",
        noindex: false,
      },
    },
    terms: {
      heading: "Terms and conditions",
      lede: `These terms apply when you use this website, which is run by {legalName}, {address}, company number {companyNumber}. By using the site you accept them.`,
      body: `## Vehicle information

We check the details of every vehicle we advertise, but mistakes can happen and specifications sometimes change before a vehicle reaches us. Before you commit, please confirm anything that matters to you with us; the details on your order form are the ones that count.

Vehicles are sold subject to availability. A vehicle that has to be ordered, or prepared, will take time to arrive: there is a waiting period between your order and delivery, and we'll give you our best estimate of it when you order.

Photographs may be digitally altered, for example to replace the background or hide a number plate. We never edit a photograph to hide damage or wear, and some photographs of new vehicles show the model in general rather than the exact vehicle, with options it may not have.

## Privacy

What we do with the information you give us, and your rights over it, are explained in our [privacy policy](/privacy).

## Cookies

Our [cookie policy](/cookies) explains what this website stores on your device.

## Links to other websites

Some pages link to websites that we don't run, such as regulators or our messaging service. We aren't responsible for their content or how they use your information: please read their own terms and privacy notices.

## Access to the website

We aim to keep the site available and accurate, but we can't promise it will always be, and we may suspend or change it, for example to carry out maintenance. Buying a vehicle from us is covered by our [terms of sale](/terms-of-sale), not by these website terms.

## Product finance

{legalName} is authorised and regulated by the Financial Conduct Authority (firm reference number {fcaFirmReference}). We are a credit broker, not a lender: we introduce you to lenders, who decide whether to lend to you and on what terms.

- Finance is subject to status and available to UK residents aged 18 and over.
- A guarantee may be required.
- We may receive commission from the lender for introducing you. The amount does not vary from one lender to another, and it does not change the rate you pay. Ask us if you would like to know more about how we are paid.

[How our finance works](/finance-info)

## Telephone calls

We may record and monitor telephone calls, to train our staff, to check the quality of our service and to keep an accurate record of what was said and agreed. Our [privacy policy](/privacy) explains how we handle recordings.

## Using this website

You may view, download and print pages of this site for your own personal, non-commercial use. Please don't copy our content or photographs for other purposes, collect data from the site by automated means, or do anything that interferes with the site or other people's use of it.

## Competitions and offers

Offers are available for a limited time, while stocks last, and may have conditions of their own, which we publish with the offer. Any competition we run has its own rules, published with it. Unless an offer says so, it can't be combined with another offer or exchanged for cash.

## General

We may change these terms, and the information and prices on this site, at any time without notice. The version on this page when you use the site is the one that applies. Nothing in these terms affects your statutory rights.

Questions about these terms? [Contact us](/contact).
`,
      seo: {
        title: "Terms and conditions",
        description: "The terms for using our website: vehicle information, finance as a credit broker, call recording, offers and more.",
        noindex: false,
      },
    },
    "terms-of-sale": {
      heading: "Terms of sale",
      lede: `These terms apply when you buy a car, van or truck from {legalName}, {address}. Your order form sets out the vehicle, the price and anything else we have agreed; together with these terms it makes up our contract. Nothing here takes away your legal rights.`,
      body: `## Prices and deposits

Prices include VAT, unless the advert says "plus VAT" or "ex VAT", as is common for vans and trucks: VAT at the standard rate is then added to the price. Your order form shows the full price you pay, including any delivery, registration or other charges.

You can reserve a vehicle by paying a deposit, and we'll take it off sale for you. Your order form says whether the deposit is refundable and on what terms. We'll always refund it in full if we can't supply the vehicle as agreed, if the vehicle isn't as we described it, if a lender declines the finance you applied for to buy it, or if you cancel a sale made at a distance as explained below.

## Description and condition

We describe every vehicle as accurately as we can, and we'll tell you about any fault we know of before you buy. A used vehicle will show wear that is normal for its age and mileage. You can't later reject a vehicle for a fault we pointed out to you before you bought it, or one that an inspection you made before buying should have revealed.

Mileages are checked against the vehicle's records where they exist. If we can't confirm a mileage, we'll tell you before you buy.

## Test drives and inspection

You're welcome to inspect any vehicle, and to bring someone with you or arrange an independent inspection. Please contact us first so that the vehicle is ready.

To test drive, you'll need to show a full driving licence for that kind of vehicle: many larger vans and all trucks need a category C1 or C entitlement. We'll check it and explain the insurance cover before you set off.

## Buying at a distance: your 14-day right to cancel

If you buy without visiting us, for example online, by phone or by e-mail, and we deliver the vehicle to you, the Consumer Contracts Regulations 2013 give you the right to cancel for any reason within 14 days of the day you receive the vehicle. To cancel, tell us clearly within that time, in any way you like.

- We'll refund what you paid, including the standard delivery charge, within 14 days of receiving the vehicle back or evidence that you've sent it back, whichever is sooner.
- Unless we agree otherwise, you pay the cost of returning the vehicle; we'll tell you what that is likely to be.
- You may use the vehicle as you would to test it in a showroom. If you use it more than that, for example driving more miles than a test needs, we may reduce the refund to reflect the loss in value.

This right doesn't apply to a vehicle made or adapted to your own specification, or when you buy for your business.

## Your rights under the Consumer Rights Act 2015

When you buy as a consumer, the vehicle must be of satisfactory quality, fit for purpose and as described. If it isn't:

- **Within 30 days** of taking delivery, you can reject it and get a full refund.
- **After 30 days**, or if you choose, you can ask us to repair or replace it, at no cost to you. If the repair or replacement doesn't put it right, you can then reject the vehicle or ask for a price reduction. A refund at that stage may take into account the use you've had of the vehicle.
- A fault that appears **within six months** of delivery is assumed to have been there when you took the vehicle, unless we can show otherwise. After six months, it's for you to show that it was.
- You can bring a claim up to six years after delivery (five years in Scotland).

If you bought with hire purchase, conditional sale or personal contract purchase, the finance company is legally the supplier, so it is responsible for these rights too. Tell us straight away if anything is wrong and we'll help, whoever is responsible.

If you buy for your business, the Consumer Rights Act doesn't apply; the Sale of Goods Act 1979 still requires the vehicle to be of satisfactory quality, fit for purpose and as described.

## Warranties

New vehicles come with the manufacturer's warranty. Any warranty on a used vehicle, and what it covers, is shown on your order form. A warranty is in addition to your legal rights and never replaces them.

## Part exchange

Our part-exchange price depends on your vehicle being as you described it, and on its condition and mileage not changing before you hand it over. You must own it or be entitled to sell it, and tell us about any finance still owing: we'll settle it with the lender and take that amount off what we pay you. Please bring the V5C logbook, service records and all the keys.

[Get a part-exchange valuation](/part-exchange)

## Buying on finance

We are a credit broker, not a lender. Finance is subject to status and available to UK residents aged 18 and over. The lender's agreement sets out its own terms, and you have 14 days after signing it to withdraw from the credit agreement. If your finance application is declined and you can't pay another way, we'll cancel the sale and refund your deposit.

[How our finance works](/finance-info)

## Collection and delivery

We'll agree a date for you to collect the vehicle or for us to deliver it. For a new vehicle, or one being prepared, that date is our best estimate, and we'll keep you updated. If we can't deliver within the time we agreed, or within 30 days if we didn't agree a time, you can set a reasonable new deadline and, if we miss that too, cancel and get your money back.

The vehicle becomes your responsibility once you collect it or it is delivered to you. It becomes yours when you have paid for it in full; if you buy on finance, the finance agreement says when it becomes yours.

## Questions or problems

If something isn't right, [contact us](/contact). If we can't settle it, our [complaints procedure](/complaints) explains what happens next.
`,
      seo: {
        title: "Terms of sale",
        description:
          "Our terms for selling vehicles: deposits, condition, test drives, buying at a distance, your rights, warranties, part exchange and delivery.",
        noindex: false,
      },
    },
  };
}
