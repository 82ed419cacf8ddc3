% Domineering, 5 columns x 4 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
5 4
#init
#depth
10
#blackgoal
#whitegoal
