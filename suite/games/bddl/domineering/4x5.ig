% Domineering, 4 columns x 5 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
4 5
#init
#depth
11
#blackgoal
#whitegoal
