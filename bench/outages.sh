#!/bin/bash
# The outage table of docs/benchmarks.md (issue 19): the built site (npm run build first) in
# production mode on port 3919, against FerretDB on 27919 and Meilisearch on 7720 started
# here from FERRETDB_BINARY and MEILI_BINARY, with 500 demo vehicles; each engine is then
# stopped or frozen (SIGSTOP) in turn, and each row is one curl: status and time.
#   MEILI_BINARY=… FERRETDB_BINARY=… bench/outages.sh
set -u
cd "$(dirname "$0")/.."
MEILI=${MEILI_BINARY:?MEILI_BINARY names the meilisearch binary to start}
FERRET=${FERRETDB_BINARY:?FERRETDB_BINARY names the ferretdb binary to start}
R=$(mktemp -d); mkdir -p $R/f $R/m
trap 'rm -rf $R' EXIT
KEY=$(head -c 24 /dev/urandom | base64 | tr -dc a-zA-Z0-9)
SITE=http://127.0.0.1:3919
ENV="MONGODB_URL=mongodb://127.0.0.1:27919/ MONGODB_DB=outage19 MEILI_URL=http://127.0.0.1:7720 MEILI_INDEX=outage19"
start_ferret() { $FERRET --handler=sqlite --sqlite-url=file:$R/f/ --listen-addr=127.0.0.1:27919 --debug-addr=127.0.0.1:0 --state-dir=$R/f --telemetry=disable --log-level=error >/dev/null 2>&1 & FPID=$!; sleep 2; }
start_meili() { $MEILI --http-addr 127.0.0.1:7720 --db-path $R/m/data.ms --master-key $KEY --env production --no-analytics >/dev/null 2>&1 & MPID=$!; sleep 3; }
start_site() { env NODE_ENV=production PORT=3919 $ENV MEILI_SEARCH_KEY_FILE=$R/key LOG_LEVEL=info node build/server/index.js >>$R/site.log 2>&1 & SPID=$!; 
  T0=$(date +%s.%N); until curl -s -o /dev/null $SITE/healthz; do sleep 0.05; done; echo "site answered /healthz after $(echo "$(date +%s.%N) - $T0" | bc) s"; }
start_ferret; start_meili
env $ENV MEILI_ADMIN_KEY=$KEY MEILI_SEARCH_KEY_FILE=$R/key DEMO_STOCK_SIZE=500 npx tsx indexer/cli.ts setup >$R/setup.log 2>&1 || { echo setup failed; cat $R/setup.log; }
start_site
IDS=($(curl -s "$SITE/api/search/car?pageSize=12" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).vehicles.map(v=>v._id).join(" ")))'))
ID=${IDS[0]}; C=0; SORTS=(price_asc price_desc mileage most_recent year_desc year_asc price_asc price_desc price_desc)
APP=$(node -e 'console.log(JSON.stringify({licenseType:"Full UK",firstName:"Jo",surname:"Bloggs",phone:"07700 900123",email:"jo@example.com",dob:"1990-04-23",maritalStatus:"Married",residentialStatus:"Homeowner",address1:"1 Test Street",city:"Liverpool",postcode:"L1 8JQ",occupationalStatus:"Full-Time Employment",employer:"Mersey Ferries",jobTitle:"Engineer",workYears:4,workMonths:"6",netIncome:"2450",vehicleId:process.argv[1],vehicleDetails:{make:"Ford",model:"Fiesta"}}))' $ID)
row() { printf "%-42s %s\n" "$1" "$(curl -s -o $R/body -w '%{http_code} %{time_total}s' "${@:2}") $(head -c 300 $R/body | grep -o '"code":"[a-z_]*"\|couldn.#x27;t be sent\|0151 496 0000' | head -1)"; }
table() {
  C=$((C+1)); echo "== $1 (a search page and a vehicle page not yet rendered: sort=${SORTS[$C]}, vehicle ${IDS[$C]})"
  row "GET /api/search/car?make=Ford" "$SITE/api/search/car?make=Ford"
  row "GET /car-search?make=Ford&sort=…" "$SITE/car-search?make=Ford&sort=${SORTS[$C]}"
  row "GET /" "$SITE/"
  row "GET /vehicles/:id" "$SITE/vehicles/${IDS[$C]}"
  row "POST /api/finance-application" -X POST -H 'Content-Type: application/json' --data "$APP" "$SITE/api/finance-application"
  row "POST /vehicles/:id/enquire (no JS)" -X POST -H 'Content-Type: application/x-www-form-urlencoded' -H "Origin: $SITE" -H 'Accept: text/html' --data 'name=Jo+Bloggs&phone=07700+900123&contactMethod=phone&message=Still+there%3F' "$SITE/vehicles/$ID/enquire"
  row "GET /healthz/ready" "$SITE/healthz/ready"
  row "GET /healthz" "$SITE/healthz"
}
curl -s -o /dev/null $SITE/vehicles/$ID/enquire
table "all up"
kill -TERM $MPID; wait $MPID 2>/dev/null; table "Meilisearch stopped"
start_meili; sleep 1; curl -s -o /dev/null "$SITE/api/search/car?make=Ford"
kill -STOP $MPID; table "Meilisearch frozen"; kill -CONT $MPID; sleep 1
curl -s -o /dev/null "$SITE/api/search/car?make=Ford"
kill -STOP $FPID; table "FerretDB frozen"; kill -CONT $FPID; sleep 2
kill -TERM $FPID; wait $FPID 2>/dev/null; sleep 1; table "FerretDB stopped"
kill -TERM $SPID; wait $SPID 2>/dev/null
echo "== site started while FerretDB is stopped"; start_site
table "FerretDB stopped since before the site started"
T0=$(date +%s.%N); start_ferret
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$SITE/api/search/car?make=Ford")" = 200 ]; do sleep 0.2; done
echo "FerretDB started: search answered 200 after $(echo "$(date +%s.%N) - $T0" | bc) s (including FerretDB's own start)"
table "FerretDB started after the site"
kill -TERM $SPID $MPID $FPID; wait
echo "== site log lines about engines:"; grep -o '"msg":"The [a-z]* engine[^"]*"' $R/site.log
grep -c '"level":50' $R/site.log | sed 's/^/error lines: /'
