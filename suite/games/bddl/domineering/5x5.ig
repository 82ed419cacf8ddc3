% Domineering, 5 columns x 5 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
5 5
#init
#depth
13
#blackgoal
#whitegoal
