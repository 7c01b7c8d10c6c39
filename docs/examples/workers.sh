# Web servers that only answer requests…
RUN_WORKERS=false npx rowsmith serve --port 3000

# …and, on any number of machines with the same DATABASE_URL and S3 settings,
# workers that run the documents of jobs
npx rowsmith worker --concurrency 4
