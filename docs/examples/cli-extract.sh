# Typed rows as JSON, with your own columns (name:type, type defaults to text)
npx rowsmith extract statement.csv --columns "date:date,description,amount:number" --format json

# A built-in template, written to an Excel file
npx rowsmith extract statement.csv --template transactions --format xlsx --out statement.xlsx
